/** Cuts `text` to `max` characters on one line, marking the cut with an ellipsis: a cell that fits a terminal. */
export function clip(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/**
 * A plain-text table: a header row, a rule, then one line per row, columns padded to the
 * widest cell; with `groupEvery`, a blank line before every `groupEvery`-th row.
 */
export function textTable(headers: readonly string[], rows: readonly (readonly string[])[], groupEvery = 0): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  const out = [line(headers), line(widths.map((w) => "-".repeat(w)))];
  rows.forEach((row, i) => {
    if (groupEvery > 0 && i > 0 && i % groupEvery === 0) out.push("");
    out.push(line(row));
  });
  return out.join("\n");
}
