import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import markdownIt from "markdown-it";
import type { MarkdownIt, Token } from "markdown-it";
import { headingIds } from "./sections.ts";
import type { SiteLinks } from "./site-links.ts";
import { errorText, joinText, type CodeCell, type Notebook, type Output } from "../chapters/notebook-file.ts";
import { codeBlock, highlightFences } from "./highlight.ts";
import { listingOf } from "../chapters/include-plugin.ts";
import { escapeHtml, htmlPage, type NavEntry } from "./layout.ts";
import { type Chapter } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** The chapter's committed notebook, or undefined when there is none. */
export function readChapterNotebook(chapter: Chapter): Notebook | undefined {
  const path = join(PROJECT_ROOT, chapter.notebook);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Notebook) : undefined;
}

/** Where a chapter's notebook is shown on the site, and where its file is copied for download. */
export const notebookPage = (chapter: Chapter): string => `notebooks/${chapter.slug}.html`;
export const notebookDownload = (chapter: Chapter): string => `notebooks/${chapter.slug}.ipynb`;

/** The anchor of cell `index` (its position among all the notebook's cells) on the notebook page. */
export const cellAnchor = (index: number): string => `cell-${index}`;

const isRunBlock = (token: Token): boolean => token.type === "fence" && token.info.trim().split(/\s+/).slice(1).includes("run");

/**
 * The notebook code cell each chapter token became, in the order the generator makes
 * them: a listing that runs alone, or a run block, is the next code cell. A run block
 * is matched only if the cell's source is its code, so a stale notebook shows no output
 * rather than another cell's.
 */
export function cellsOfTokens(tokens: readonly Token[], notebook: Notebook | undefined): Map<Token, { index: number; cell: CodeCell | undefined }> {
  const codeCells = (notebook?.cells ?? []).flatMap((cell, index) => (cell.cell_type === "code" ? [{ index, cell }] : []));
  const result = new Map<Token, { index: number; cell: CodeCell | undefined }>();
  let next = 0;
  for (const token of tokens) {
    if (token.level !== 0 || token.map === null) continue;
    const runs = listingOf(token)?.runnable?.kind === "standalone" || isRunBlock(token);
    if (!runs) continue;
    const found = codeCells[next++];
    if (found === undefined) continue;
    const matches = !isRunBlock(token) || joinText(found.cell.source) === token.content.replace(/\n$/, "");
    result.set(token, { index: found.index, cell: matches ? found.cell : undefined });
  }
  return result;
}

// Kernels colour tracebacks with ANSI escapes; a page shows the text.
const withoutAnsi = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, "");

function renderOutput(output: Output): string {
  switch (output.output_type) {
    case "stream":
      return `<pre class="output output-${output.name}">${escapeHtml(joinText(output.text))}</pre>`;
    case "error":
      return `<pre class="output output-error">${escapeHtml(withoutAnsi(errorText(output)))}</pre>`;
    default: {
      const svg = output.data["image/svg+xml"];
      // The SVG is this project's own chart, stored by the notebook runner: embedded as is.
      if (typeof svg === "string" || Array.isArray(svg)) return `<div class="output output-svg">${joinText(svg as string[])}</div>`;
      const plain = output.data["text/plain"];
      const text = typeof plain === "string" || Array.isArray(plain) ? joinText(plain as string[]) : JSON.stringify(output.data);
      return `<pre class="output">${escapeHtml(text)}</pre>`;
    }
  }
}

/** A cell's stored outputs, marked as the output of the notebook's last run. */
export function storedOutputs(cell: CodeCell | undefined, notebookFile: string): string {
  if (cell === undefined) {
    return `<div class="outputs stale">No stored output: ${escapeHtml(notebookFile)} is out of date with this page (run <code>npm run notebooks:generate</code>, then <code>npm run notebooks -- --write</code>).</div>\n`;
  }
  const shown = cell.outputs.length === 0 ? `<pre class="output output-none">(no output)</pre>` : cell.outputs.map(renderOutput).join("\n");
  return `<div class="outputs"><p class="outputs-caption">Output of the last run, stored in ${escapeHtml(notebookFile)}</p>\n${shown}\n</div>\n`;
}

/**
 * The Markdown of notebook cells as the site renders it: headings with ids, links to project
 * files turned into links inside the site, and listings (an excerpt in a markdown cell)
 * highlighted with their long lines wrapped, as on the chapter pages.
 */
function notebookMarkdown(links: SiteLinks): MarkdownIt {
  const md = markdownIt({ html: false, linkify: false, typographer: false }).use(headingIds);
  links.use(md);
  highlightFences(md);
  return md;
}

/** The notebook as a page: prose, each code cell with its stored outputs, a download link. */
export function renderNotebookPage(chapter: Chapter, notebook: Notebook, context: { title: string; nav: readonly NavEntry[]; links: SiteLinks }): string {
  const file = chapter.notebook.split("/").at(-1)!;
  const md = notebookMarkdown(context.links);
  const env = { links: { page: notebookPage(chapter), sourceDir: "notebooks" } };
  const cells = notebook.cells.map((cell, index) => {
    const id = cellAnchor(index);
    if (cell.cell_type !== "code") return `<section class="nb-markdown" id="${id}">\n${md.render(joinText(cell.source), env)}</section>`;
    return (
      `<section class="nb-code" id="${id}">\n<p class="nb-label"><a href="#${id}">cell ${index}</a></p>\n` +
      `${codeBlock(joinText(cell.source), "typescript")}${storedOutputs(cell, chapter.notebook)}</section>`
    );
  });
  const body =
    `<p class="page-links">The notebook of <a href="../${chapter.page}">${escapeHtml(context.title)}</a>, ` +
    `with the outputs of its last run · <a class="download" href="${file}" download>Download ${escapeHtml(file)}</a> ` +
    `and run it in Jupyter with the project's kernel (<code>npm run kernel:install</code>)</p>\n` +
    cells.join("\n") + "\n";
  return htmlPage({ address: { page: notebookPage(chapter) }, title: `Notebook: ${context.title}`, nav: context.nav, body });
}
