import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import markdownIt from "markdown-it";
import type { MarkdownIt } from "markdown-it";
import { highlightFences } from "./highlight.ts";
import { headingIds } from "./sections.ts";
import type { SiteLinks } from "./site-links.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import { escapeHtml, htmlPage, type NavEntry } from "./layout.ts";

/** An appendix as the site shows it: the committed markdown, and the command that writes it. */
export interface Appendix {
  page: string;
  file: string;
  writtenBy: string;
  /** The navigation title. */
  title: string;
}

export const APPENDICES: readonly Appendix[] = [
  { page: "appendix-a.html", file: "A-dependencies.md", writtenBy: "npm start", title: "Appendix A" },
  { page: "appendix-b.html", file: "B-releases.md", writtenBy: "npm run matrix", title: "Appendix B" },
  { page: "appendix-c.html", file: "C-benchmarks.md", writtenBy: "npm run bench", title: "Appendix C" },
  { page: "appendix-d.html", file: "D-mutants.md", writtenBy: "npm run mutants", title: "Appendix D" },
  { page: "appendix-e.html", file: "E-errata.md", writtenBy: "npm run errata", title: "Appendix E" },
];

/**
 * The appendices' Markdown as the site renders it: headings with ids (GitHub's, so the
 * chapters' links to `B-releases.md#…` land), links to project files turned into site links,
 * code (appendix B's diff) highlighted and wrapped, and tables as wide as appendix B's
 * scrolling inside the column instead of widening the page.
 */
function appendixMarkdown(links: SiteLinks): MarkdownIt {
  const md = markdownIt({ html: false, linkify: false, typographer: false }).use(headingIds);
  links.use(md);
  md.renderer.rules.table_open = () => `<div class="table-wrap"><table>\n`;
  md.renderer.rules.table_close = () => `</table></div>\n`;
  highlightFences(md);
  return md;
}

/** The appendix's markdown with its "do not edit" comments dropped (the page says who writes it). */
export function readAppendix(appendix: Appendix): string | undefined {
  const path = join(APPENDIX_DIR, appendix.file);
  return existsSync(path) ? readFileSync(path, "utf8").replace(/<!--[\s\S]*?-->\n?/g, "") : undefined;
}

/**
 * One appendix page: its committed markdown rendered, and `before` (a chart, a legend)
 * placed before its first second-level section.
 */
export function renderAppendixPage(appendix: Appendix, context: { nav: readonly NavEntry[]; links: SiteLinks; before?: string }): string {
  const markdown = readAppendix(appendix);
  const source = `<p class="page-links">From <code>appendix/${appendix.file}</code> in the clone, written by <code>${escapeHtml(appendix.writtenBy)}</code>.</p>\n`;
  let body: string;
  if (markdown === undefined) {
    body = `<h1>${escapeHtml(appendix.title)}</h1>\n<p>Not written yet: run <code>${escapeHtml(appendix.writtenBy)}</code>.</p>\n`;
  } else {
    body = appendixMarkdown(context.links).render(markdown, { links: { page: appendix.page, sourceDir: "appendix" } });
    const at = body.indexOf("<h2");
    if (context.before !== undefined) body = at < 0 ? body + context.before : body.slice(0, at) + context.before + body.slice(at);
  }
  const title = /^# (.+)$/m.exec(markdown ?? "")?.[1] ?? appendix.title;
  return htmlPage({ address: { page: appendix.page }, title, nav: context.nav, body: source + body, wide: true });
}
