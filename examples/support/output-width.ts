/** The widest line a command's output takes: the terminal's columns, or 120 when piped or redirected. */
export function outputWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stream.isTTY === true && stream.columns !== undefined && stream.columns > 0 ? stream.columns : 120;
}

/**
 * Where a long line's continuation starts: under the text after a gap of two or more spaces
 * near its start (a legend's term and meaning), otherwise two past its own indentation.
 */
function hangingIndent(line: string, width: number): number {
  const gap = /^ *\S.*?\S? {2,}(?=\S)/.exec(line)?.[0].length;
  if (gap !== undefined && gap <= width / 3) return gap;
  return Math.min(/^ */.exec(line)![0].length + 2, Math.floor(width / 3));
}

/**
 * `text` with every line longer than `width` broken at spaces (a word longer than a line is
 * cut), continuation lines under a hanging indent; spacing inside a line is kept, so a table
 * already fitted by textTable passes unchanged.
 */
export function fitLines(text: string, width: number = outputWidth()): string {
  return text
    .split("\n")
    .flatMap((line) => {
      if (line.length <= width) return [line];
      const indent = " ".repeat(hangingIndent(line, width));
      const out: string[] = [];
      let rest = line;
      while (rest.length > width) {
        const space = rest.lastIndexOf(" ", width);
        const at = space > indent.length ? space : width;
        out.push(rest.slice(0, at).trimEnd());
        rest = indent + rest.slice(at).trimStart();
      }
      return [...out, rest];
    })
    .join("\n");
}
