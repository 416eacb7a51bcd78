import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { readCatalogue } from "../ledger/catalogue.ts";
import { buildSite } from "./build.ts";
import { loadVerdicts } from "./claims.ts";
import { NOT_YET_VERIFIED, renderPage, useSiteRenderer } from "./html.ts";
import { parseChapter, projectChapterParser } from "./markdown.ts";
import { CHAPTERS, PROJECT_ROOT } from "./project.ts";

const site = buildSite();
const sourceOf = (path: string): string => readFileSync(join(PROJECT_ROOT, path), "utf8");

const all = (re: RegExp, text: string): RegExpMatchArray[] => [...text.matchAll(new RegExp(re.source, `${re.flags}g`))];

test("npm run site: one page per chapter, a contents page linking each page and notebook, and a stylesheet", () => {
  assert.deepEqual([...site.keys()].sort(), [...CHAPTERS.map((c) => c.page), "index.html", "style.css"].sort());
  const index = site.get("index.html") ?? "";
  for (const chapter of CHAPTERS) {
    assert.match(index, new RegExp(`href="${chapter.page}"`));
    assert.match(index, new RegExp(`href="\\.\\./${chapter.notebook}"`));
  }
});

for (const chapter of CHAPTERS) {
  describe(`site/${chapter.page} rendered from ${chapter.source}`, () => {
    const page = site.get(chapter.page) ?? "";
    const source = sourceOf(chapter.source);

    test("every include directive is one listing figure linking its file in examples/", () => {
      const directives = all(/^\{\{#include(?:-fails TS\d+)? ([^:}\s]+)/m, source).map((m) => m[1]);
      const figures = all(/<figure class="listing[^"]*" data-file="([^"]+)"[^>]*>\n<figcaption><a class="source" href="([^"]+)"/, page);
      assert.deepEqual(figures.map((m) => m[1]), directives);
      for (const [, file, href] of figures) {
        assert.ok(href!.startsWith(`../${file}`), `${href} links ${file}`);
        assert.ok(existsSync(join(PROJECT_ROOT, file!)), `${file} exists`);
      }
    });

    test("listings and run blocks are highlighted TypeScript", () => {
      const blocks = all(/<pre><code class="hljs language-typescript">([\s\S]*?)<\/code><\/pre>/, page);
      assert.ok(blocks.length > 0);
      for (const [, html] of blocks) assert.match(html!, /<span class="hljs-(keyword|title|string|built_in|variable)/);
    });

    test("the page and each run block link the chapter's notebook", () => {
      const notebook = chapter.notebook.replace(/[./]/g, "\\$&");
      assert.match(page, new RegExp(`<p class="page-links">[^\n]*href="\\.\\./${notebook}"`));
      const runs = all(new RegExp(`<figure class="run">\n<figcaption>run in <a class="notebook" href="\\.\\./${notebook}">`), page);
      assert.equal(runs.length, all(/^```ts run$/m, source).length);
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
  useSiteRenderer(md);
  const catalogue = new Map(readCatalogue().map((c) => [c.id, c]));
  const { tokens } = parseChapter(md, "# T\n\nRoles {{claim ch37.transcript.shape}}, calls {{claim ch37.callcount.two}}.\n", "chapters/test.md");
  const chapter = CHAPTERS[0]!;

  test("show the ledger's latest verdict, with its evidence as the title", () => {
    const verdicts = new Map([["ch37.transcript.shape", { verdict: "fails", evidence: "roles were user, assistant" }]]);
    const html = renderPage(md, tokens, { chapter, chapters: [], catalogue, verdicts });
    const badge = /<a class="claim verdict-fails"[^>]*data-claim="ch37.transcript.shape"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0] ?? "";
    assert.match(badge, /data-verdict="fails"/);
    assert.match(badge, /title="[^"]*roles were user, assistant"/);
    assert.match(badge, /<\/code> fails<\/a>$/);
  });

  test(`say "${NOT_YET_VERIFIED}" for a claim the ledger has not judged`, () => {
    const html = renderPage(md, tokens, { chapter, chapters: [], catalogue, verdicts: new Map() });
    const badge = /<a class="claim [^"]*"[^>]*data-claim="ch37.callcount.two"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0] ?? "";
    assert.match(badge, /class="claim verdict-not-yet-verified"/);
    assert.match(badge, new RegExp(`</code> ${NOT_YET_VERIFIED}</a>$`));
  });
});

describe("verdicts the badges read", () => {
  test("a stored full ledger run overrides appendix A; a crashed check reads as crashed, with its error", () => {
    const path = join(mkdtempSync(join(tmpdir(), "ledger-")), "ledger.json");
    writeFileSync(path, JSON.stringify({
      pin: { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" },
      node: "20.20.0",
      claims: [
        { id: "ch37.deps.two-runtime-deps", label: "documented", verdict: "fails", evidence: "3 dependencies" },
        { id: "ch37.callcount.two", label: "observed", crash: "TypeError: boom" },
      ],
    }));
    const verdicts = loadVerdicts(path);
    assert.deepEqual(verdicts.get("ch37.deps.two-runtime-deps"), { verdict: "fails", evidence: "3 dependencies" });
    assert.deepEqual(verdicts.get("ch37.callcount.two"), { verdict: "crashed", evidence: "TypeError: boom" });
  });

  test("without a stored run, appendix A's verdicts are the latest there are", () => {
    const appendix = JSON.parse(readFileSync(join(PROJECT_ROOT, "appendix", "A-dependencies.json"), "utf8")) as { verdicts: { id: string; verdict: string }[] };
    const verdicts = loadVerdicts(join(tmpdir(), "no-such-ledger.json"));
    for (const v of appendix.verdicts) assert.equal(verdicts.get(v.id)?.verdict, v.verdict);
    assert.equal(verdicts.size, appendix.verdicts.length);
  });
});
