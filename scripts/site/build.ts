import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { readAllClaims } from "../ledger/catalogue.ts";
import { APPENDICES, renderAppendixPage } from "./appendix-pages.ts";
import { loadVerdicts, type VerdictSources } from "./claims.ts";
import { CLAIMS_PAGE, renderClaimsIndex, shownVerdict, type Citation, type IndexedClaim } from "./claims-index.ts";
import { renderPage, titleOf, useSiteRenderer } from "./html.ts";
import { renderIndex } from "./index-page.ts";
import type { NavEntry } from "./layout.ts";
import { verdictLegend } from "./legend-html.ts";
import { parseChapter, projectChapterParser } from "../chapters/markdown.ts";
import { cellsOfTokens, notebookDownload, notebookPage, readChapterNotebook, renderNotebookPage } from "./notebook-view.ts";
import { CHAPTERS, type Chapter } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { loadReleaseMatrix, newestRelease, releaseRow, releaseVerdict } from "./releases.ts";
import { anchorSections } from "./sections.ts";
import { SiteLinks } from "./site-links.ts";
import { renderCodePage } from "./code-pages.ts";
import { verdictGrid } from "./verdict-grid.ts";

/** The site as file name → contents, built wholly in memory so a failure writes nothing. */
export async function buildSite(options: { chapters?: readonly Chapter[]; verdicts?: VerdictSources } = {}): Promise<Map<string, string>> {
  const chapters = options.chapters ?? CHAPTERS;
  const rows = readAllClaims();
  const catalogue = new Map(rows.map((r) => [r.claim.id, r.claim]));
  const verdicts = loadVerdicts(options.verdicts);
  const matrix = loadReleaseMatrix();
  const newest = matrix === undefined ? undefined : newestRelease(matrix);
  const links = new SiteLinks(
    new Map([
      ...chapters.flatMap((chapter): [string, string][] => [[chapter.source, chapter.page], [chapter.notebook, notebookPage(chapter)]]),
      ...APPENDICES.map((a): [string, string] => [`appendix/${a.file}`, a.page]),
    ]),
  );
  const md = projectChapterParser();
  useSiteRenderer(md, links);
  const parsed = chapters.map((chapter) => {
    const { tokens } = parseChapter(md, readFileSync(join(PROJECT_ROOT, chapter.source), "utf8"), chapter.source);
    return { chapter, tokens, title: titleOf(tokens), sections: anchorSections(tokens), notebook: readChapterNotebook(chapter) };
  });
  const nav: NavEntry[] = [
    ...parsed.map(({ chapter, title }) => ({ page: chapter.page, title })),
    { page: CLAIMS_PAGE, title: "Claims" },
    ...APPENDICES.map((a) => ({ page: a.page, title: a.title })),
  ];
  const files = new Map<string, string>();
  for (const { chapter, tokens, title, notebook } of parsed) {
    files.set(chapter.page, renderPage(md, tokens, { chapter, nav, catalogue, verdicts, cells: cellsOfTokens(tokens, notebook), links }));
    if (notebook === undefined) continue;
    files.set(notebookPage(chapter), renderNotebookPage(chapter, notebook, { title, nav, links }));
    files.set(notebookDownload(chapter), readFileSync(join(PROJECT_ROOT, chapter.notebook), "utf8"));
  }
  const claims: IndexedClaim[] = rows.map((row) => {
    const cited = parsed.find((p) => p.sections.has(row.claim.id));
    const citation: Citation | undefined = cited && { page: cited.chapter.page, chapter: cited.chapter.catalogueName, section: cited.sections.get(row.claim.id)! };
    return {
      row,
      atPin: shownVerdict(verdicts, row.claim.id),
      evidence: verdicts.get(row.claim.id)?.evidence ?? "",
      atNewest: matrix && newest && releaseVerdict(matrix, row.claim.id, newest),
      newestEvidence: matrix && newest && releaseRow(matrix, row.claim.id)?.verdicts[newest.key]?.evidence,
      citation,
    };
  });
  files.set(CLAIMS_PAGE, renderClaimsIndex(claims, { nav, newest: newest?.key }));
  const grid = matrix === undefined
    ? ""
    : `<section class="verdict-grid">\n<h2>The verdicts as a picture</h2>\n<p>One cell per claim and column of the table below, coloured by the verdict measured there.</p>\n` +
      `${verdictLegend()}<div class="chart">${await verdictGrid(matrix)}</div>\n</section>\n`;
  for (const appendix of APPENDICES) {
    files.set(appendix.page, renderAppendixPage(appendix, { nav, links, before: appendix.file.startsWith("B-") ? grid : undefined }));
  }
  // Last: every page above has registered the project files it links to.
  for (const path of [...links.codeFiles].sort()) files.set(links.codePage(path), renderCodePage(links.codePage(path), path, nav));
  files.set("index.html", renderIndex({ chapters: parsed, claims, newest: newest?.key, nav }));
  const require = createRequire(import.meta.url);
  const highlightStyle = readFileSync(require.resolve("highlight.js/styles/github.css"), "utf8");
  files.set("style.css", highlightStyle + readFileSync(join(import.meta.dirname, "site.css"), "utf8"));
  return files;
}
