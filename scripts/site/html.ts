import type { MarkdownIt, Token } from "markdown-it";
import type { Claim } from "../ledger/catalogue.ts";
import type { CodeCell } from "../chapters/notebook-file.ts";
import { claimIdOf } from "../chapters/claim-plugin.ts";
import type { LedgerVerdict } from "./claims.ts";
import { codeBlock } from "./highlight.ts";
import { listingOf, type IncludedListing } from "../chapters/include-plugin.ts";
import { breakableId, escapeHtml, htmlPage, verdictClass, type NavEntry } from "./layout.ts";
import { CLAIMS_PAGE } from "./claims-index.ts";
import { NO_EVIDENCE, NOT_YET_VERIFIED, labelLegend, verdictLegend } from "./legend-html.ts";
import type { SiteLinks } from "./site-links.ts";
import { counterexampleLinks } from "./counterexample-link.ts";
import { cellAnchor, notebookPage, storedOutputs } from "./notebook-view.ts";
import type { Chapter } from "../chapters/project.ts";

export { NOT_YET_VERIFIED } from "./legend-html.ts";

/** What a page shows beside the chapter's own text. */
export interface PageContext {
  chapter: Chapter;
  nav: readonly NavEntry[];
  catalogue: ReadonlyMap<string, Claim>;
  verdicts: ReadonlyMap<string, LedgerVerdict>;
  /** The notebook cell each runnable listing and run block became (see cellsOfTokens). */
  cells: ReadonlyMap<Token, { index: number; cell: CodeCell | undefined }>;
  /** The site's pages for project files: listings link to their code page. */
  links: SiteLinks;
}

function sourceLines(listing: IncludedListing): string {
  return listing.region === undefined ? "" : ` <span class="lines">lines ${listing.startLine}–${listing.endLine}</span>`;
}

/** The notebook page, at the cell a token became when there is one. */
function notebookLink(chapter: Chapter, cell: { index: number } | undefined): string {
  return `${notebookPage(chapter)}${cell === undefined ? "" : `#${cellAnchor(cell.index)}`}`;
}

function renderListing(listing: IncludedListing, context: PageContext, cell: { index: number } | undefined): string {
  const chapter = context.chapter;
  const source = context.links.relative(chapter.page, `${context.links.codePage(listing.file)}${listing.region === undefined ? "" : `#L${listing.startLine}`}`);
  const region = listing.region === undefined ? "" : ` <span class="region">region ${escapeHtml(listing.region)}</span>`;
  const note = listing.expectedError !== undefined
    ? ` <span class="expected-error">does not compile: ${escapeHtml(listing.expectedError)} (checked at build time)</span>`
    : listing.runnable?.kind === "excerpt" ? ` <span class="excerpt-note">excerpt (${escapeHtml(listing.runnable.reason)})</span>` : "";
  const notebook = listing.expectedError === undefined
    ? ` · <a class="notebook" href="${notebookLink(chapter, cell)}">run it in the notebook</a>`
    : "";
  const attrs = [
    `class="listing${listing.expectedError !== undefined ? " listing-fails" : listing.runnable?.kind === "excerpt" ? " excerpt" : ""}"`,
    `data-file="${escapeHtml(listing.file)}"`,
    ...(listing.region === undefined ? [] : [`data-region="${escapeHtml(listing.region)}"`]),
    ...(listing.expectedError === undefined ? [] : [`data-expected-error="${escapeHtml(listing.expectedError)}"`]),
  ].join(" ");
  return (
    `<figure ${attrs}>\n<figcaption><a class="source" href="${escapeHtml(source)}">${escapeHtml(listing.file)}</a>` +
    `${sourceLines(listing)}${region}${note}${notebook}</figcaption>\n` +
    `${codeBlock(listing.code, "typescript")}</figure>\n`
  );
}

function renderRunBlock(code: string, chapter: Chapter, cell: { index: number; cell: CodeCell | undefined } | undefined): string {
  return (
    `<figure class="run">\n<figcaption>run in <a class="notebook" href="${notebookLink(chapter, cell)}">the notebook</a></figcaption>\n` +
    `${codeBlock(code, "typescript")}${storedOutputs(cell?.cell, chapter.notebook)}</figure>\n`
  );
}

/**
 * A claim's badge in the text: its id and verdict, a link to the claim's row at the end of
 * the page, where its statement and evidence are written out (a tap opens them; the title
 * repeats them for a mouse).
 */
function renderBadge(id: string, context: PageContext): string {
  const verdict = context.verdicts.get(id);
  const shown = verdict?.verdict ?? NOT_YET_VERIFIED;
  const title = [context.catalogue.get(id)?.claim, verdict?.evidence].filter(Boolean).join(" — ");
  return (
    `<a class="claim verdict-${verdictClass(shown)}" href="#claim-${escapeHtml(id)}" data-claim="${escapeHtml(id)}" ` +
    `data-verdict="${escapeHtml(shown)}" title="${escapeHtml(title)}"><code>${breakableId(id)}</code> ${escapeHtml(shown)}</a>`
  );
}

/**
 * The claims the chapter cites, in order of first citation: statement, verdict and evidence,
 * each id linking to its row of the claims index. Narrow windows show each row as a card.
 */
function renderClaimTable(ids: readonly string[], context: PageContext): string {
  if (ids.length === 0) return "";
  const rows = ids.map((id) => {
    const claim = context.catalogue.get(id);
    const verdict = context.verdicts.get(id);
    const shown = verdict?.verdict ?? NOT_YET_VERIFIED;
    const evidence = verdict?.evidence ? escapeHtml(verdict.evidence) : `<span class="no-evidence">${escapeHtml(NO_EVIDENCE)}</span>`;
    return (
      `<tr id="claim-${escapeHtml(id)}" data-claim="${escapeHtml(id)}">` +
      `<td class="c-id"><a href="${CLAIMS_PAGE}#${escapeHtml(id)}" title="this claim in the claims index"><code>${breakableId(id)}</code></a> ` +
      `<span class="c-label">${escapeHtml(claim?.label ?? "")}</span></td><td class="c-text">${escapeHtml(claim?.claim ?? "")}</td>` +
      `<td class="c-verdict"><span class="claim verdict-${verdictClass(shown)}">${escapeHtml(shown)}</span></td>` +
      `<td class="c-text evidence" data-th="evidence">${evidence}${counterexampleLinks(id, context.chapter.page, context.links)}</td></tr>`
    );
  });
  return (
    `<section class="claims">\n<h2>Claims cited on this page</h2>\n` +
    `<p>Each badge in the text leads to its row here; each id leads to the claim in the <a href="${CLAIMS_PAGE}">claims index</a>.</p>\n` +
    `<table class="claim-rows">\n<thead><tr><th class="c-id">id, label</th><th class="c-text">claim</th><th class="c-verdict">verdict</th><th class="c-text evidence">evidence</th></tr></thead>\n` +
    `<tbody>\n${rows.join("\n")}\n</tbody>\n</table>\n</section>\n`
  );
}

function citedIds(tokens: readonly Token[]): string[] {
  const ids = new Set<string>();
  for (const block of tokens) for (const child of block.children ?? []) if (child.type === "claim") ids.add(claimIdOf(child));
  return [...ids];
}

/** The first `# ` heading of a chapter, as plain text. */
export function titleOf(tokens: readonly Token[]): string {
  const at = tokens.findIndex((t) => t.type === "heading_open" && t.tag === "h1");
  const inline = at >= 0 ? tokens[at + 1] : undefined;
  return (inline?.children ?? []).map((c) => (c.type === "claim" ? "" : c.content)).join("").trim() || "Untitled";
}

function pageContext(env: unknown): PageContext {
  const page = (env as { page?: PageContext } | undefined)?.page;
  if (!page) throw new Error("render with env.page set (see renderPage)");
  return page;
}

/** Installs the site's rules for listings, run blocks and claim badges; they read env.page. */
export function useSiteRenderer(md: MarkdownIt, links: SiteLinks): void {
  links.use(md);
  md.renderer.rules.listing = (tokens, idx, _options, env) => {
    const listing = listingOf(tokens[idx]!);
    if (!listing) throw new Error("listing token without a listing");
    const page = pageContext(env);
    return renderListing(listing, page, page.cells.get(tokens[idx]!));
  };
  md.renderer.rules.claim = (tokens, idx, _options, env) => renderBadge(claimIdOf(tokens[idx]!), pageContext(env));
  md.renderer.rules.fence = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    const [language = "", ...flags] = token.info.trim().split(/\s+/);
    const page = pageContext(env);
    if (flags.includes("run")) return renderRunBlock(token.content, page.chapter, page.cells.get(token));
    return codeBlock(token.content, language);
  };
}

/** Renders parsed chapter tokens to a whole HTML page (`md` must have {@link useSiteRenderer}). */
export function renderPage(md: MarkdownIt, tokens: Token[], context: PageContext): string {
  const env = { chapter: context.chapter.source, page: context, links: { page: context.chapter.page, sourceDir: "chapters" } };
  const body = md.renderer.render(tokens, md.options, env);
  const links =
    `<p class="page-links">Source: <code>${escapeHtml(context.chapter.source)}</code> in the clone · ` +
    `Notebook: <a class="notebook" href="${notebookPage(context.chapter)}">${escapeHtml(context.chapter.notebook)}</a> · ` +
    `<a href="#legend">what the badges and labels mean</a></p>\n`;
  const legend = `<section class="legend" id="legend">\n<h2>Verdicts and labels</h2>\n${verdictLegend()}${labelLegend()}</section>\n`;
  return htmlPage({
    address: { page: context.chapter.page },
    title: titleOf(tokens),
    nav: context.nav,
    body: links + body + renderClaimTable(citedIds(tokens), context) + legend,
  });
}
