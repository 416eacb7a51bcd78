import hljs from "highlight.js";
import type { MarkdownIt } from "markdown-it";
import { escapeHtml } from "./layout.ts";

function highlighted(code: string, language: string): string {
  return hljs.getLanguage(language) ? hljs.highlight(code, { language }).value : escapeHtml(code);
}

/**
 * Highlighted code as one `<span class="line">` per source line, so a long line wraps
 * under itself with a hanging indent (site.css) instead of running past the column.
 * highlight.js spans that cross a line end (a block comment, a template string) are
 * closed at the end of the line and reopened on the next.
 */
export function highlightLines(code: string, language: string, lineId?: (line: number) => string): string {
  const open: string[] = [];
  const lines: string[] = [];
  for (const line of highlighted(code.replace(/\n$/, ""), language).split("\n")) {
    const reopened = open.join("");
    for (const tag of line.matchAll(/<span[^>]*>|<\/span>/g)) {
      if (tag[0] === "</span>") open.pop();
      else open.push(tag[0]);
    }
    const id = lineId === undefined ? "" : ` id="${lineId(lines.length + 1)}"`;
    lines.push(`<span class="line"${id}>${reopened}${line}${"</span>".repeat(open.length)}</span>`);
  }
  // Block-level lines need no newline between them; one would show as an empty line.
  return lines.join("");
}

/** A highlighted code block whose long lines wrap visibly. */
export function codeBlock(code: string, language: string): string {
  const lang = escapeHtml(language);
  return `<pre class="code"><code class="hljs${lang ? ` language-${lang}` : ""}">${highlightLines(code, language)}</code></pre>\n`;
}

/** Makes `md` render fenced code as {@link codeBlock} does: highlighted, long lines wrapped. */
export function highlightFences(md: MarkdownIt): void {
  md.renderer.rules.fence = (tokens, idx) => codeBlock(tokens[idx]!.content, tokens[idx]!.info.trim().split(/\s+/)[0] ?? "");
}
