import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { markLabels } from "../../examples/support/chart-svg.ts";
import { chartRows, POINT_MARK } from "../../examples/ch38-typed-step/turn-limit-chart.ts";
import { measureTurnLimitTable } from "../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts";
import { turnLimitCases } from "../../examples/ch38-typed-step/support/turn-limit-cases.ts";
import { readAllClaims } from "../ledger/catalogue.ts";
import { buildSite } from "./build.ts";
import { PIN_VERDICTS_PATH, type PinVerdicts } from "../ledger/verdicts-at-pin.ts";
import { loadVerdicts } from "./claims.ts";
import { CHAPTERS } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { VERDICT_LEGEND } from "./legend-html.ts";
import { loadReleaseMatrix, newestRelease, releaseVerdict } from "./releases.ts";
import { GRID_CELL_MARK } from "./verdict-grid.ts";
import { escapeHtml } from "./layout.ts";

const site = await buildSite();
const page = (name: string): string => site.get(name) ?? assert.fail(`${name} was not built`);

describe("chapter 38's page: the bug as a picture", () => {
  test("the chart is there as SVG, with one point per row measured now at maxTurns 2 (ch38.bug.unfixed-7-requests)", async () => {
    const rows = chartRows(await measureTurnLimitTable(turnLimitCases.filter((c) => c.maxTurns === 2)));
    const svg = /<div class="output output-svg">(<svg[\s\S]*?<\/svg>)<\/div>/.exec(page("ch38-typed-step.html"))?.[1] ?? "";
    assert.ok(svg !== "", "the chart's SVG is embedded in the page");
    const labels = markLabels(svg, POINT_MARK);
    assert.equal(labels.length, rows.length);
    assert.deepEqual(labels.sort(), rows.map((r) => `${r.variant}: ${r.scriptedResponses} scripted responses, ${r.providerRequests} provider requests`).sort());
  });
});

describe("appendix B's page: claims × releases", () => {
  const matrix = loadReleaseMatrix()!;
  const html = page("appendix-b.html");

  test("the grid has one cell per claim and column, each labelled with the verdict appendix B measured", () => {
    const svg = /<div class="chart">(<svg[\s\S]*?<\/svg>)<\/div>/.exec(html)?.[1] ?? "";
    const cells = markLabels(svg, GRID_CELL_MARK);
    assert.equal(cells.length, matrix.claims.length * matrix.columns.length);
    const claim = matrix.claims[0]!;
    for (const column of matrix.columns) {
      assert.ok(cells.includes(`${claim.id} at ${column.key}: ${releaseVerdict(matrix, claim.id, column) ?? "not measured"}`));
    }
  });

  test("the legend defines the four verdicts, qualified included", () => {
    for (const { verdict } of VERDICT_LEGEND) assert.match(html, new RegExp(`<dt><span class="claim verdict-${verdict}">${verdict}</span></dt>`));
  });
});

describe("appendices A, C and D", () => {
  for (const name of ["appendix-a.html", "appendix-c.html", "appendix-d.html"]) {
    test(`${name} renders the committed appendix, every heading with an id`, () => {
      assert.match(page(name), /<h1 id="appendix-[acd]-[^"]*">Appendix [ACD](:| —) /);
      assert.doesNotMatch(page(name), /<h[1-6]>/);
      assert.match(page(name), /<table>/);
    });
  }
});

describe("the claims index", () => {
  const html = page("claims.html");
  const rows = [...html.matchAll(/<tr id="([^"]+)" data-verdict="([^"]+)" data-newest="([^"]+)" data-label="([^"]+)" data-catalogue="([a-z]+)">([\s\S]*?)<\/tr>/g)];
  const verdicts = loadVerdicts();

  test("lists every book claim and every finding, in catalogue order, with its label", () => {
    assert.deepEqual(rows.map((r) => r[1]), readAllClaims().map((r) => r.claim.id));
    assert.deepEqual(rows.map((r) => r[4]), readAllClaims().map((r) => r.claim.label));
  });

  test("shows each verdict at the pin (the badges' source) and at the newest release of appendix B", () => {
    const matrix = loadReleaseMatrix()!;
    const newest = newestRelease(matrix)!;
    for (const [, id, atPin, atNewest] of rows) {
      assert.equal(atPin, verdicts.get(id!)?.verdict ?? "not yet verified", id);
      assert.equal(atNewest, releaseVerdict(matrix, id!, newest) ?? "not measured", id);
    }
  });

  test("shows on every row the evidence for the verdict at the pin, from committed files alone", async () => {
    const clean = await buildSite({ verdicts: { ledger: join(PROJECT_ROOT, "no-ledger-run.json") } });
    const cleanVerdicts = loadVerdicts({ ledger: join(PROJECT_ROOT, "no-ledger-run.json") });
    const cleanRows = [...(clean.get("claims.html") ?? "").matchAll(/<tr id="([^"]+)" data-verdict[\s\S]*?<td class="c-text evidence"[^>]*>([\s\S]*?)<\/td><\/tr>/g)];
    assert.equal(cleanRows.length, readAllClaims().length);
    for (const [, id, cell] of cleanRows) {
      const evidence = cleanVerdicts.get(id!)?.evidence ?? "";
      assert.notEqual(evidence, "", `${id} has evidence in appendix A or B`);
      assert.ok(cell!.startsWith(escapeHtml(evidence)), `${id}'s evidence cell starts with its evidence`);
    }
  });

  test("shows the findings' verdicts at the newest release from appendix B, like the book's claims", () => {
    const matrix = loadReleaseMatrix()!;
    const newest = newestRelease(matrix)!;
    const findings = matrix.findings ?? [];
    assert.ok(findings.length > 0);
    for (const finding of findings) {
      const row = rows.find((r) => r[1] === finding.id) ?? assert.fail(`${finding.id} is in the index`);
      assert.equal(row[3], finding.verdicts[newest.key]?.verdict ?? "not measured", finding.id);
    }
  });

  test("links each cited claim to the section of the chapter page that makes it", () => {
    const linked = rows.filter((r) => !r[6]!.includes("not cited on a page"));
    assert.ok(linked.length > 0);
    for (const [, id, , , , , cells] of linked) {
      const [, target, anchor] = /<a href="([^"#]+)#([^"]+)">/.exec(cells!) ?? assert.fail(`${id} has no link`);
      const chapter = page(target!);
      const section = chapter.slice(chapter.indexOf(`id="${anchor}"`));
      assert.ok(chapter.includes(`id="${anchor}"`), `${target}#${anchor} exists`);
      assert.match(section, new RegExp(`data-claim="${id!.replace(/\./g, "\\.")}"`), `${id} is cited after ${anchor}`);
    }
  });

  test("filters by verdict, label and catalogue in the page itself, without a server", () => {
    for (const name of ["verdict", "newest", "label", "catalogue"]) assert.match(html, new RegExp(`<select name="${name}">`));
    assert.match(html, /<script>[\s\S]*row\.hidden[\s\S]*<\/script>/);
  });
});

test("the contents page shows the totals at the pin, counting every claim", () => {
  const totals = /<table class="totals" id="totals">([\s\S]*?)<\/table>/.exec(page("index.html"))?.[1] ?? "";
  const book = readAllClaims().filter((r) => r.catalogue === "book").length;
  assert.match(totals, new RegExp(`<tr class="total"><td>total</td><td class="number">${book}</td>`));
});

for (const chapter of CHAPTERS) {
  test(`notebooks/${chapter.slug}.html shows ${chapter.notebook} readably, each cell anchored, with the .ipynb to download`, () => {
    const html = page(`notebooks/${chapter.slug}.html`);
    const notebook = JSON.parse(readFileSync(join(PROJECT_ROOT, chapter.notebook), "utf8")) as { cells: unknown[] };
    assert.equal([...html.matchAll(/<section class="nb-(?:code|markdown)" id="cell-\d+">/g)].length, notebook.cells.length);
    assert.match(html, new RegExp(`<a class="download" href="${chapter.slug}\\.ipynb" download>`));
    assert.equal(page(`notebooks/${chapter.slug}.ipynb`), readFileSync(join(PROJECT_ROOT, chapter.notebook), "utf8"));
  });
}

const committedMissing = existsSync(PIN_VERDICTS_PATH) ? false : "appendix/verdicts-at-pin.json is not committed yet (the ledger writes it)";

test("a clean clone, before any ledger run, shows a committed verdict on every badge", { skip: committedMissing }, async () => {
  const committed = JSON.parse(readFileSync(PIN_VERDICTS_PATH, "utf8")) as PinVerdicts;
  const clean = await buildSite({ verdicts: { ledger: join(PROJECT_ROOT, "no-ledger-run.json") } });
  for (const [name, html] of clean) {
    if (!name.endsWith(".html")) continue;
    assert.doesNotMatch(html, /data-verdict="not yet verified"/, name);
    for (const [, id, verdict] of html.matchAll(/<a class="claim [^"]*" href="#claim-[^"]+" data-claim="([^"]+)" data-verdict="([^"]+)"/g)) {
      assert.equal(verdict, committed.verdicts[id!], `${name}: ${id}`);
    }
  }
});

describe("appendix B's port, where the chapters' links land", () => {
  test("the heading “Reading the book with Pi 1.6.0” has GitHub's id, which the chapter and notebook pages link to inside the site", () => {
    assert.match(page("appendix-b.html"), /<h2 id="reading-the-book-with-pi-160">Reading the book with Pi 1\.6\.0<\/h2>/);
    assert.match(page("ch37-agent-core.html"), /href="appendix-b\.html#reading-the-book-with-pi-160"/);
    assert.match(page("notebooks/ch38-typed-step.html"), /href="\.\.\/appendix-b\.html#reading-the-book-with-pi-160"/);
  });

  test("the diff is highlighted, one wrapping line span per line, so no import line is clipped", () => {
    assert.match(page("appendix-b.html"), /<pre class="code"><code class="hljs language-diff"><span class="line"><span class="hljs-/);
  });
});

describe("labels and verdicts explained where they are shown", () => {
  for (const name of ["index.html", "claims.html", ...CHAPTERS.map((c) => c.page)]) {
    test(`${name} says what documented, observed, proposed, the trailing * and found mean`, () => {
      for (const label of ["documented", "observed", "proposed", "*", "found"]) assert.match(page(name), new RegExp(`<dt><code>${label.replace("*", "\\*")}</code></dt><dd>`));
    });
  }
  for (const chapter of CHAPTERS) {
    test(`${chapter.page} has a verdict legend`, () => {
      for (const { verdict } of VERDICT_LEGEND) assert.match(page(chapter.page), new RegExp(`<dt><span class="claim verdict-${verdict}">${verdict}</span></dt>`));
    });
  }
});

describe("notebook pages", () => {
  test("a listing in a markdown cell (an excerpt) is highlighted with wrapping lines, like a code cell", () => {
    const html = page("notebooks/ch37-agent-core.html");
    const markdownCells = [...html.matchAll(/<section class="nb-markdown"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => m[1]!);
    const listings = markdownCells.filter((cell) => cell.includes("<pre"));
    assert.ok(listings.length > 0);
    for (const cell of listings) assert.match(cell, /<pre class="code"><code class="hljs language-(ts|typescript)"><span class="line">/);
  });
});
