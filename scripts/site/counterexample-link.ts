import { existsSync } from "node:fs";
import { join } from "node:path";
import { counterexampleFiles } from "../counterexample/files.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { escapeHtml } from "./layout.ts";
import { headingSlug } from "./sections.ts";
import type { SiteLinks } from "./site-links.ts";

// A claim that has a counterexample (examples/chNN-*/counterexamples/<id>.ts) links to it from
// the site: the file's code page, and its entry in appendix E with what it measured.

const byId = new Map(counterexampleFiles().map((f) => [f.id, f.file]));
const ERRATA_PAGE = "appendix-e.html";

/**
 * The links of claim `id`'s counterexample as HTML, from the site page `fromPage`, or "" when
 * the claim has none (it holds, or is not checkable).
 */
export function counterexampleLinks(id: string, fromPage: string, links: SiteLinks): string {
  const file = byId.get(id);
  if (file === undefined) return "";
  const code = links.relative(fromPage, links.codePage(file));
  const errata = existsSync(join(PROJECT_ROOT, "appendix", "E-errata.md"))
    ? ` · <a href="${links.relative(fromPage, `${ERRATA_PAGE}#${headingSlug(id, new Set())}`)}">measured, and a proposed rewording</a>`
    : "";
  return `<span class="counterexample">counterexample: <a href="${escapeHtml(code)}"><code>${escapeHtml(file)}</code></a>${errata}</span>`;
}
