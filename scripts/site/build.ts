import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { readCatalogue } from "../ledger/catalogue.ts";
import { loadVerdicts } from "./claims.ts";
import { renderIndex, renderPage, titleOf, useSiteRenderer } from "./html.ts";
import { parseChapter, projectChapterParser } from "./markdown.ts";
import { CHAPTERS, PROJECT_ROOT, type Chapter } from "./project.ts";

/** The site as file name → contents, built wholly in memory so a failure writes nothing. */
export function buildSite(options: { chapters?: readonly Chapter[]; ledger?: string } = {}): Map<string, string> {
  const chapters = options.chapters ?? CHAPTERS;
  const catalogue = new Map(readCatalogue().map((claim) => [claim.id, claim]));
  const verdicts = loadVerdicts(options.ledger);
  const md = projectChapterParser();
  useSiteRenderer(md);
  const parsed = chapters.map((chapter) => {
    const { tokens } = parseChapter(md, readFileSync(join(PROJECT_ROOT, chapter.source), "utf8"), chapter.source);
    return { chapter, tokens, title: titleOf(tokens) };
  });
  const files = new Map<string, string>();
  for (const { chapter, tokens } of parsed) {
    files.set(chapter.page, renderPage(md, tokens, { chapter, chapters: parsed, catalogue, verdicts }));
  }
  files.set("index.html", renderIndex(parsed));
  const require = createRequire(import.meta.url);
  const highlightStyle = readFileSync(require.resolve("highlight.js/styles/github.css"), "utf8");
  files.set("style.css", highlightStyle + readFileSync(join(import.meta.dirname, "site.css"), "utf8"));
  return files;
}
