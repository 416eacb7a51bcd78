import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import markdownIt from "markdown-it";
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
];

const appendixMarkdown = markdownIt({ html: false, linkify: false, typographer: false });
// Tables as wide as appendix B's scroll inside the column instead of widening the page.
appendixMarkdown.renderer.rules.table_open = () => `<div class="table-wrap"><table>\n`;
appendixMarkdown.renderer.rules.table_close = () => `</table></div>\n`;

/** The appendix's markdown with its "do not edit" comments dropped (the page says who writes it). */
export function readAppendix(appendix: Appendix): string | undefined {
  const path = join(APPENDIX_DIR, appendix.file);
  return existsSync(path) ? readFileSync(path, "utf8").replace(/<!--[\s\S]*?-->\n?/g, "") : undefined;
}

/**
 * One appendix page: its committed markdown rendered, and `before` (a chart, a legend)
 * placed before its first second-level section.
 */
export function renderAppendixPage(appendix: Appendix, context: { nav: readonly NavEntry[]; before?: string }): string {
  const markdown = readAppendix(appendix);
  const source = `<p class="page-links">From <a href="../appendix/${appendix.file}">appendix/${appendix.file}</a>, written by <code>${escapeHtml(appendix.writtenBy)}</code>.</p>\n`;
  let body: string;
  if (markdown === undefined) {
    body = `<h1>${escapeHtml(appendix.title)}</h1>\n<p>Not written yet: run <code>${escapeHtml(appendix.writtenBy)}</code>.</p>\n`;
  } else {
    body = appendixMarkdown.render(markdown);
    const at = body.indexOf("<h2");
    if (context.before !== undefined) body = at < 0 ? body + context.before : body.slice(0, at) + context.before + body.slice(at);
  }
  const title = /^# (.+)$/m.exec(markdown ?? "")?.[1] ?? appendix.title;
  return htmlPage({ address: { page: appendix.page }, title, nav: context.nav, body: source + body });
}
