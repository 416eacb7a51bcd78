import markdownIt from "markdown-it";

/**
 * Escapes text for HTML content and attribute values (`&`, `<`, `>`, `"`): markdown-it's own
 * escaping, the one its renderer applies to the chapters' text, reached through an instance
 * because the package exports its utilities only there.
 */
export const escapeHtml: (text: string) => string = markdownIt().utils.escapeHtml;

/**
 * A claim id as HTML that may break after its dots (and, like any text, at its hyphens) but
 * never inside a word: narrow columns then wrap ids at their parts, not letter by letter.
 */
export const breakableId = (id: string): string => escapeHtml(id).replace(/\./g, ".<wbr>");

/** A class-safe form of a verdict (`not yet verified` → `not-yet-verified`). */
export const verdictClass = (verdict: string): string => verdict.replace(/[^a-z]+/gi, "-").toLowerCase();

/** One entry of the site's navigation bar. */
export interface NavEntry {
  /** Site-relative path of the page. */
  page: string;
  title: string;
}

/** Where a page lives in site/: its path, so links to other pages and to the project can be made relative. */
export interface PageAddress {
  page: string;
}

/** The prefix that takes a page back to site/ (`""` for site/x.html, `"../"` for site/notebooks/x.html). */
export function toSiteRoot(address: PageAddress): string {
  return "../".repeat(address.page.split("/").length - 1);
}

/** A link from a page to a project file outside site/ (pages are built into site/ inside the clone). */
export function projectHref(address: PageAddress, path: string): string {
  return `${toSiteRoot(address)}../${path}`;
}

/** A whole HTML page: the stylesheet, the navigation bar with the current page marked, and `body`. */
export function htmlPage(options: { address: PageAddress; title: string; nav: readonly NavEntry[]; body: string; script?: string; wide?: boolean }): string {
  const root = toSiteRoot(options.address);
  const nav = options.nav
    .map((entry) => entry.page === options.address.page
      ? `<li aria-current="page">${escapeHtml(entry.title)}</li>`
      : `<li><a href="${root}${entry.page}">${escapeHtml(entry.title)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="${root}style.css">
</head>
<body>
<nav><a href="${root}index.html">Contents</a><ul>${nav}</ul></nav>
<main${options.wide ? ' class="wide"' : ""}>
${options.body}</main>
${options.script === undefined ? "" : `<script>\n${options.script}\n</script>\n`}</body>
</html>
`;
}
