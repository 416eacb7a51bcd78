import hljs from "highlight.js";
import type { MarkdownIt, Token } from "markdown-it";
import { claimIdOf } from "./claim-plugin.ts";
import type { Claim } from "../ledger/catalogue.ts";
import type { LedgerVerdict } from "./claims.ts";
import { listingOf, type IncludedListing } from "./include-plugin.ts";
import type { Chapter } from "./project.ts";

/** What a page shows beside the chapter's own text. */
export interface PageContext {
  chapter: Chapter;
  chapters: readonly { chapter: Chapter; title: string }[];
  catalogue: ReadonlyMap<string, Claim>;
  verdicts: ReadonlyMap<string, LedgerVerdict>;
}

/** Shown instead of a verdict while the ledger has not judged a claim. */
export const NOT_YET_VERIFIED = "not yet verified";

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A class-safe form of a verdict (`not yet verified` → `not-yet-verified`). */
const verdictClass = (verdict: string): string => verdict.replace(/[^a-z]+/gi, "-").toLowerCase();

function highlight(code: string, language: string): string {
  return hljs.getLanguage(language) ? hljs.highlight(code, { language }).value : escapeHtml(code);
}

// Pages live in site/, so project files are one level up.
const projectLink = (path: string): string => `../${path}`;

function sourceLink(listing: IncludedListing): string {
  const lines = listing.region === undefined ? "" : `#L${listing.startLine}-L${listing.endLine}`;
  return `${projectLink(listing.file)}${lines}`;
}

function renderListing(listing: IncludedListing, chapter: Chapter): string {
  const region = listing.region === undefined ? "" : ` <span class="region">region ${escapeHtml(listing.region)}</span>`;
  const note = listing.expectedError !== undefined
    ? ` <span class="expected-error">does not compile: ${escapeHtml(listing.expectedError)} (checked at build time)</span>`
    : listing.runnable?.kind === "excerpt" ? ` <span class="excerpt-note">excerpt (${escapeHtml(listing.runnable.reason)})</span>` : "";
  const notebook = listing.expectedError === undefined
    ? ` · <a class="notebook" href="${projectLink(chapter.notebook)}">run it in the notebook</a>`
    : "";
  const attrs = [
    `class="listing${listing.expectedError !== undefined ? " listing-fails" : listing.runnable?.kind === "excerpt" ? " excerpt" : ""}"`,
    `data-file="${escapeHtml(listing.file)}"`,
    ...(listing.region === undefined ? [] : [`data-region="${escapeHtml(listing.region)}"`]),
    ...(listing.expectedError === undefined ? [] : [`data-expected-error="${escapeHtml(listing.expectedError)}"`]),
  ].join(" ");
  return (
    `<figure ${attrs}>\n<figcaption><a class="source" href="${escapeHtml(sourceLink(listing))}">${escapeHtml(listing.file)}</a>` +
    `${region}${note}${notebook}</figcaption>\n` +
    `<pre><code class="hljs language-typescript">${highlight(listing.code, "typescript")}</code></pre>\n</figure>\n`
  );
}

function renderRunBlock(code: string, chapter: Chapter): string {
  return (
    `<figure class="run">\n<figcaption>run in <a class="notebook" href="${projectLink(chapter.notebook)}">the notebook</a></figcaption>\n` +
    `<pre><code class="hljs language-typescript">${highlight(code, "typescript")}</code></pre>\n</figure>\n`
  );
}

function renderBadge(id: string, context: PageContext): string {
  const verdict = context.verdicts.get(id);
  const shown = verdict?.verdict ?? NOT_YET_VERIFIED;
  const title = [context.catalogue.get(id)?.claim, verdict?.evidence].filter(Boolean).join(" — ");
  return (
    `<a class="claim verdict-${verdictClass(shown)}" href="#claim-${escapeHtml(id)}" data-claim="${escapeHtml(id)}" ` +
    `data-verdict="${escapeHtml(shown)}" title="${escapeHtml(title)}"><code>${escapeHtml(id)}</code> ${escapeHtml(shown)}</a>`
  );
}

/** The claims the chapter cites, in order of first citation, with the ledger's findings. */
function renderClaimTable(ids: readonly string[], context: PageContext): string {
  if (ids.length === 0) return "";
  const rows = ids.map((id) => {
    const claim = context.catalogue.get(id);
    const verdict = context.verdicts.get(id);
    const shown = verdict?.verdict ?? NOT_YET_VERIFIED;
    return (
      `<tr id="claim-${escapeHtml(id)}" data-claim="${escapeHtml(id)}"><td><code>${escapeHtml(id)}</code></td>` +
      `<td>${escapeHtml(claim?.label ?? "")}</td><td>${escapeHtml(claim?.claim ?? "")}</td>` +
      `<td class="verdict verdict-${verdictClass(shown)}">${escapeHtml(shown)}</td><td>${escapeHtml(verdict?.evidence ?? "")}</td></tr>`
    );
  });
  return (
    `<section class="claims">\n<h2>Claims cited on this page</h2>\n` +
    `<table>\n<thead><tr><th>id</th><th>label</th><th>claim</th><th>verdict</th><th>evidence</th></tr></thead>\n` +
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
export function useSiteRenderer(md: MarkdownIt): void {
  md.renderer.rules.listing = (tokens, idx, _options, env) => {
    const listing = listingOf(tokens[idx]!);
    if (!listing) throw new Error("listing token without a listing");
    return renderListing(listing, pageContext(env).chapter);
  };
  md.renderer.rules.claim = (tokens, idx, _options, env) => renderBadge(claimIdOf(tokens[idx]!), pageContext(env));
  md.renderer.rules.fence = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    const [language = "", ...flags] = token.info.trim().split(/\s+/);
    if (flags.includes("run")) return renderRunBlock(token.content, pageContext(env).chapter);
    const lang = escapeHtml(language);
    return `<pre><code class="hljs${lang ? ` language-${lang}` : ""}">${highlight(token.content, language)}</code></pre>\n`;
  };
}

/** Renders parsed chapter tokens to a whole HTML page (`md` must have {@link useSiteRenderer}). */
export function renderPage(md: MarkdownIt, tokens: Token[], context: PageContext): string {
  const body = md.renderer.render(tokens, md.options, { chapter: context.chapter.source, page: context });
  const title = titleOf(tokens);
  const nav = context.chapters
    .map(({ chapter, title }) => chapter.slug === context.chapter.slug
      ? `<li aria-current="page">${escapeHtml(title)}</li>`
      : `<li><a href="${chapter.page}">${escapeHtml(title)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<nav><a href="index.html">Contents</a><ul>${nav}</ul></nav>
<main>
<p class="page-links">Source: <a href="${projectLink(context.chapter.source)}">${escapeHtml(context.chapter.source)}</a> · Notebook: <a class="notebook" href="${projectLink(context.chapter.notebook)}">${escapeHtml(context.chapter.notebook)}</a></p>
${body}${renderClaimTable(citedIds(tokens), context)}</main>
</body>
</html>
`;
}

/** The contents page: one link per chapter and its notebook. */
export function renderIndex(chapters: readonly { chapter: Chapter; title: string }[]): string {
  const items = chapters
    .map(({ chapter, title }) =>
      `<li><a href="${chapter.page}">${escapeHtml(title)}</a> · <a class="notebook" href="${projectLink(chapter.notebook)}">notebook</a></li>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Companion to chapters 37 and 38</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<main>
<h1>Companion to chapters 37 and 38</h1>
<ul class="chapters">
${items}
</ul>
<p>Each claim badge shows the latest verdict the claim ledger stored, or “${NOT_YET_VERIFIED}”.
Appendix A's verdicts are committed; a full <code>npm start</code> stores all of them in
<code>.cache/ledger.json</code>, which <code>npm run site</code> reads.</p>
</main>
</body>
</html>
`;
}
