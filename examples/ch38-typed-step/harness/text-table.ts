/** Plain-text columns, padded to the widest cell; a blank line before every `groupEvery`-th row. */
export function formatTextTable(headers: readonly string[], rows: readonly (readonly string[])[], groupEvery = 0): string {
  const widths = headers.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd();
  const out = [line(headers), line(widths.map((w) => "-".repeat(w)))];
  rows.forEach((row, i) => {
    if (groupEvery > 0 && i > 0 && i % groupEvery === 0) out.push("");
    out.push(line(row));
  });
  return out.join("\n");
}
