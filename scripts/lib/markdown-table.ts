/**
 * `text` as one cell of a Markdown table: a line break would end the row and a `|` the cell,
 * so the first becomes a space and the second `\|`. Markdown inside the cell (code spans,
 * emphasis) is left as it is.
 */
export function markdownCell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

/** The lines of a Markdown table: the header, the separator, then a line per row, every cell escaped by {@link markdownCell}. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(markdownCell).join(" | ")} |`;
  return [line(header), `| ${header.map(() => "---").join(" | ")} |`, ...rows.map(line)];
}
