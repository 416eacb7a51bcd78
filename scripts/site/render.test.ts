import { SiteLinks } from "./site-links.ts";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import markdownIt from "markdown-it";
import { readCatalogue } from "../ledger/catalogue.ts";
import { buildSite } from "./build.ts";
import { loadVerdicts } from "./claims.ts";
import { NOT_YET_VERIFIED, renderPage, useSiteRenderer } from "./html.ts";
import { parseChapter, projectChapterParser } from "../chapters/markdown.ts";
import { CHAPTERS } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { scratchDir } from "../lib/scratch-dir.ts";

const site = await buildSite();
const sourceOf = (path: string): string => readFileSync(join(PROJECT_ROOT, path), "utf8");

const { escapeHtml } = markdownIt().utils;

const all = (re: RegExp, text: string): RegExpMatchArray[] => [...text.matchAll(new RegExp(re.source, `${re.flags}g`))];

test("npm run site: a page and a notebook page (with its .ipynb) per chapter, the claims index, appendices A to D, contents, a stylesheet and a page per listed file", () => {
  const notebooks = CHAPTERS.flatMap((c) => [`notebooks/${c.slug}.html`, `notebooks/${c.slug}.ipynb`]);
  const expected = [...CHAPTERS.map((c) => c.page), ...notebooks, "claims.html", "appendix-a.html", "appendix-b.html", "appendix-c.html", "appendix-d.html", "appendix-e.html", "index.html", "style.css"];
  assert.deepEqual([...site.keys()].filter((name) => !name.startsWith("code/")).sort(), expected.sort());
  const listed = new Set(CHAPTERS.flatMap((c) => all(/^\{\{#include(?:-fails)? ([^:}\s]+)/m, sourceOf(c.source)).map((m) => m[1]!)));
  for (const file of listed) assert.ok(site.has(`code/${file}.html`), `code/${file}.html`);
  const index = site.get("index.html") ?? "";
  for (const chapter of CHAPTERS) {
    assert.match(index, new RegExp(`href="${chapter.page}"`));
    assert.match(index, new RegExp(`href="notebooks/${chapter.slug}\\.html"`));
  }
  for (const page of ["claims.html", "appendix-a.html", "appendix-b.html", "appendix-c.html", "appendix-d.html", "appendix-e.html"]) assert.match(index, new RegExp(`href="${page}"`));
});

for (const chapter of CHAPTERS) {
  describe(`site/${chapter.page} rendered from ${chapter.source}`, () => {
    const page = site.get(chapter.page) ?? "";
    const source = sourceOf(chapter.source);

    test("every include directive is one listing figure linking its file's page in the site, at the region's first line", () => {
      const directives = all(/^\{\{#include(?:-fails)? ([^:}\s]+)/m, source).map((m) => m[1]);
      const figures = all(/<figure class="listing[^"]*" data-file="([^"]+)"[^>]*>\n<figcaption><a class="source" href="([^"]+)"/, page);
      assert.deepEqual(figures.map((m) => m[1]), directives);
      for (const [, file, href] of figures) {
        assert.match(href!, new RegExp(`^code/${file!.replace(/[.]/g, "\\.")}\\.html(#L\\d+)?$`));
        assert.ok(existsSync(join(PROJECT_ROOT, file!)), `${file} exists`);
      }
    });

    test("listings and run blocks are highlighted TypeScript, one wrapping line span per source line", () => {
      const blocks = all(/<pre class="code"><code class="hljs language-typescript">([\s\S]*?)<\/code><\/pre>/, page);
      assert.ok(blocks.length > 0);
      for (const [, html] of blocks) assert.match(html!, /<span class="hljs-(keyword|title|string|built_in|variable)/);
    });

    test("the page and each run block link the chapter's notebook page, at the block's cell", () => {
      assert.match(page, new RegExp(`<p class="page-links">[^\n]*href="notebooks/${chapter.slug}\\.html"`));
      const runs = all(new RegExp(`<figure class="run">\n<figcaption>run in <a class="notebook" href="notebooks/${chapter.slug}\\.html#cell-(\\d+)">`), page);
      assert.equal(runs.length, all(/^```ts run$/m, source).length);
      const notebookPage = site.get(`notebooks/${chapter.slug}.html`) ?? "";
      for (const [, cell] of runs) assert.match(notebookPage, new RegExp(`<section class="nb-code" id="cell-${cell}">`));
    });

    test("each run block shows its cell's stored outputs from the notebook, marked as the last run's", () => {
      const notebook = JSON.parse(sourceOf(chapter.notebook)) as { cells: { cell_type: string; source: string[]; outputs?: { output_type: string; text?: string[] }[] }[] };
      const runs = all(/<figure class="run">\n<figcaption>run in <a class="notebook" href="[^"#]+#cell-(\d+)">[\s\S]*?<\/figure>/, page);
      assert.ok(runs.length > 0);
      for (const [figure, index] of runs) {
        const cell = notebook.cells[Number(index)]!;
        assert.match(figure!, new RegExp(`Output of the last run, stored in ${chapter.notebook.replace(/[./]/g, "\\$&")}`));
        const stdout = (cell.outputs ?? []).filter((o) => o.output_type === "stream").map((o) => o.text!.join("")).join("");
        const firstLine = escapeHtml(stdout.split("\n")[0]!);
        assert.ok(figure!.includes(firstLine), `cell ${index}'s first output line is under its run block`);
      }
    });

    test("each claim marker is one badge, and each cited claim one row of the page's claim table", () => {
      const markers = all(/\{\{claim ([^\s}]+)\}\}/, source).map((m) => m[1]);
      const badges = all(/<a class="claim verdict-[a-z-]+" href="#claim-([^"]+)" data-claim="([^"]+)" data-verdict="([^"]+)"/, page);
      assert.deepEqual(badges.map((m) => m[2]), markers);
      const rows = all(/<tr id="claim-([^"]+)" data-claim="[^"]+">/, page).map((m) => m[1]);
      assert.deepEqual(rows, [...new Set(markers)]);
    });
  });
}

test("ch37.types.untyped-params-unknown: the listing that must not compile is marked with its error, not offered to run", () => {
  const page = site.get(CHAPTERS[0]!.page) ?? "";
  const figure = /<figure class="listing listing-fails"[^>]*data-expected-error="TS2322"[^>]*>[\s\S]*?<\/figure>/.exec(page)?.[0] ?? "";
  assert.match(figure, /data-file="examples\/ch37-agent-core\/untyped-params\.fails-to-compile\.ts"/);
  assert.match(figure, /does not compile: TS2322/);
  assert.doesNotMatch(figure, /class="notebook"/);
});

describe("claim badges", () => {
  const md = projectChapterParser();
  const links = new SiteLinks(new Map());
  useSiteRenderer(md, links);
  const catalogue = new Map(readCatalogue().map((c) => [c.id, c]));
  const { tokens } = parseChapter(md, "# T\n\nRoles {{claim ch37.transcript.shape}}, calls {{claim ch37.callcount.two}}.\n", "chapters/test.md");
  const chapter = CHAPTERS[0]!;

  test("show the ledger's latest verdict, with its evidence as the title", () => {
    const verdicts = new Map([["ch37.transcript.shape", { verdict: "fails", evidence: "roles were user, assistant" }]]);
    const html = renderPage(md, tokens, { chapter, nav: [], catalogue, verdicts, cells: new Map(), links });
    const badge = /<a class="claim verdict-fails"[^>]*data-claim="ch37.transcript.shape"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0] ?? "";
    assert.match(badge, /data-verdict="fails"/);
    assert.match(badge, /title="[^"]*roles were user, assistant"/);
    assert.match(badge, /<\/code> fails<\/a>$/);
  });

  test(`say "${NOT_YET_VERIFIED}" for a claim the ledger has not judged`, () => {
    const html = renderPage(md, tokens, { chapter, nav: [], catalogue, verdicts: new Map(), cells: new Map(), links });
    const badge = /<a class="claim [^"]*"[^>]*data-claim="ch37.callcount.two"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0] ?? "";
    assert.match(badge, /class="claim verdict-not-yet-verified"/);
    assert.match(badge, new RegExp(`</code> ${NOT_YET_VERIFIED}</a>$`));
  });
});

describe("verdicts the badges read", () => {
  const dir = scratchDir("verdicts");
  const ledger = join(dir, "ledger.json");
  writeFileSync(ledger, JSON.stringify({
    pin: { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" },
    node: "20.20.0",
    claims: [
      { id: "ch37.deps.two-runtime-deps", label: "documented", verdict: "fails", evidence: "3 dependencies" },
      { id: "ch37.callcount.two", label: "observed", crash: "TypeError: boom" },
    ],
    findings: [{ id: "ch38.found.example", label: "found", verdict: "holds", evidence: "seen" }],
  }));
  const committed = join(dir, "verdicts-at-pin.json");
  writeFileSync(committed, JSON.stringify({
    pin: { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" },
    verdicts: { "ch37.deps.two-runtime-deps": "qualified", "ch37.callcount.two": "holds", "ch38.found.example": "holds" },
  }));
  const missing = join(dir, "missing.json");

  test("the committed verdicts at the pin win over a stored run, so every clone renders the same badges", () => {
    const verdicts = loadVerdicts({ committed, ledger });
    assert.equal(verdicts.get("ch37.deps.two-runtime-deps")?.verdict, "qualified");
    assert.equal(verdicts.get("ch37.callcount.two")?.verdict, "holds");
    assert.equal(verdicts.size, 3);
  });

  test("evidence is shown only where the stored run agrees with the committed verdict", () => {
    const verdicts = loadVerdicts({ committed, ledger });
    assert.equal(verdicts.get("ch38.found.example")?.evidence, "seen");
    assert.equal(verdicts.get("ch37.deps.two-runtime-deps")?.evidence, "");
  });

  test("before the committed file exists, a stored run's verdicts are shown (findings too); a crashed check reads as crashed", () => {
    const verdicts = loadVerdicts({ committed: missing, ledger });
    assert.deepEqual(verdicts.get("ch37.deps.two-runtime-deps"), { verdict: "fails", evidence: "3 dependencies" });
    assert.deepEqual(verdicts.get("ch37.callcount.two"), { verdict: "crashed", evidence: "TypeError: boom" });
    assert.equal(verdicts.get("ch38.found.example")?.verdict, "holds");
  });

  test("without a stored run, appendix B's column of the pin gives the evidence, where its verdict is the committed one", () => {
    const releases = join(dir, "B-releases.json");
    writeFileSync(releases, JSON.stringify({
      columns: [],
      claims: [
        { id: "ch37.deps.two-runtime-deps", label: "documented", verdicts: { "1.0.3": { verdict: "qualified", evidence: "2 at the pin, 3 with dev" }, "1.6.0": { verdict: "fails", evidence: "3" } } },
        { id: "ch37.callcount.two", label: "observed", verdicts: { "1.0.3": { verdict: "fails", evidence: "3 calls" } } },
      ],
      findings: [{ id: "ch38.found.example", label: "found", verdicts: { "1.0.3": { verdict: "holds", evidence: "seen in the matrix" } } }],
    }));
    const verdicts = loadVerdicts({ committed, ledger: missing, releases });
    assert.equal(verdicts.get("ch37.deps.two-runtime-deps")?.evidence, "2 at the pin, 3 with dev");
    assert.equal(verdicts.get("ch38.found.example")?.evidence, "seen in the matrix", "findings too");
    assert.equal(verdicts.get("ch37.callcount.two")?.evidence, "", "not where the matrix's verdict differs");
    assert.equal(loadVerdicts({ committed, ledger, releases }).get("ch38.found.example")?.evidence, "seen", "a stored run comes first");
  });

  test("npm run site -- --ledger FILE shows that run's verdicts", () => {
    assert.equal(loadVerdicts({ committed, ledger, preferLedger: true }).get("ch37.deps.two-runtime-deps")?.verdict, "fails");
  });

  test("with neither, appendix A's verdicts are the ones there are", () => {
    const appendix = JSON.parse(readFileSync(join(PROJECT_ROOT, "appendix", "A-dependencies.json"), "utf8")) as { verdicts: { id: string; verdict: string }[] };
    const verdicts = loadVerdicts({ committed: missing, ledger: missing });
    for (const v of appendix.verdicts) assert.equal(verdicts.get(v.id)?.verdict, v.verdict);
    assert.equal(verdicts.size, appendix.verdicts.length);
  });
});
