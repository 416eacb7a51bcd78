import { wrapWords } from "./wrap.ts";
import { outputWidth } from "./output-width.ts";

/** Cuts `text` to `max` characters on one line, marking the cut with an ellipsis: a cell that fits a terminal. */
export function clip(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

const GAP = 2;
const longestWord = (text: string): number => Math.max(0, ...text.split(/\s+/).map((w) => w.length));

/**
 * The column widths that fit `width`: each column's widest cell; when the table is wider than
 * `width`, columns whose header is wider than their cells break the header between words first,
 * then the widest columns give up a character at a time (their cells wrap), down to the longest
 * word of their header and cells.
 */
function fittedWidths(headers: readonly string[], rows: readonly (readonly string[])[], width: number): number[] {
  const cellWidth = headers.map((_, i) => Math.max(0, ...rows.map((row) => (row[i] ?? "").length)));
  const widths = headers.map((header, i) => Math.max(header.length, cellWidth[i]!));
  const floors = headers.map((header, i) =>
    Math.max(longestWord(header), Math.min(40, Math.max(0, ...rows.map((row) => longestWord(row[i] ?? "")))), 4),
  );
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
  while (total() > width) {
    const shrinkable = widths.flatMap((w, i) => (w > floors[i]! ? [i] : []));
    if (shrinkable.length === 0) break;
    const headerOnly = shrinkable.filter((i) => widths[i]! > cellWidth[i]!);
    const pool = headerOnly.length > 0 ? headerOnly : shrinkable;
    const widest = pool.reduce((a, b) => (widths[b]! > widths[a]! ? b : a));
    // A header alone is only worth breaking where it has a space: jump to its next break.
    const broken = Math.max(
      ...wrapWords(headers[widest]!, widths[widest]! - 1, widths[widest]! - 1).map((l) => l.length),
    );
    widths[widest] = pool === headerOnly ? Math.max(floors[widest]!, cellWidth[widest]!, broken) : widths[widest]! - 1;
  }
  return widths;
}

/**
 * A plain-text table: a header row, a rule, then one line per row, columns padded to the
 * widest cell; with `groupEvery`, a blank line before every `groupEvery`-th row. A table wider
 * than `width` (the terminal's, or 120 columns when piped) wraps its widest cells onto more lines.
 */
export function textTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  groupEvery = 0,
  width = outputWidth(),
): string {
  const widths = fittedWidths(headers, rows, width);
  const lines = (cells: readonly string[]): string[] => {
    const wrapped = widths.map((w, i) =>
      (cells[i] ?? "").length <= w ? [cells[i] ?? ""] : wrapWords(cells[i]!, w, w),
    );
    const height = Math.max(...wrapped.map((c) => c.length));
    return Array.from({ length: height }, (_, at) =>
      wrapped
        .map((c, i) => (c[at] ?? "").padEnd(widths[i]!))
        .join(" ".repeat(GAP))
        .trimEnd(),
    );
  };
  const out = [...lines(headers), widths.map((w) => "-".repeat(w)).join(" ".repeat(GAP))];
  rows.forEach((row, i) => {
    if (groupEvery > 0 && i > 0 && i % groupEvery === 0) out.push("");
    out.push(...lines(row));
  });
  return out.join("\n");
}
