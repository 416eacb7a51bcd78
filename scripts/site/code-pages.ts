import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { highlightLines } from "./highlight.ts";
import { escapeHtml, htmlPage, type NavEntry } from "./layout.ts";

/**
 * A project file as a page of the site (`code/examples/…/x.ts.html`): highlighted, long lines
 * wrapped, each line with an anchor (`#L12`) so a listing's caption can point at its region.
 */
export function renderCodePage(page: string, path: string, nav: readonly NavEntry[]): string {
  const code = readFileSync(join(PROJECT_ROOT, path), "utf8");
  const language = path.endsWith(".ts") ? "typescript" : path.endsWith(".json") ? "json" : "plaintext";
  const body =
    `<h1><code>${escapeHtml(path)}</code></h1>\n` +
    `<p class="page-links">The file as this site was built from it (in the clone: <code>${escapeHtml(path)}</code>), ` +
    `${code.split("\n").length - (code.endsWith("\n") ? 1 : 0)} lines; a listing's link lands on its first line.</p>\n` +
    `<pre class="code numbered"><code class="hljs language-${language}">${highlightLines(code, language, (n) => `L${n}`)}</code></pre>\n`;
  return htmlPage({ address: { page }, title: path, nav, body });
}
