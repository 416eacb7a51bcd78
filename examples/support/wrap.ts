/**
 * Breaks `text` at spaces into lines of at most `firstWidth` characters for the first line and
 * `restWidth` for the others; a word longer than a line is cut. With `firstWidth` 0 the text
 * starts on the second line (the first is empty).
 */
export function wrapWords(text: string, firstWidth: number, restWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  let width = firstWidth;
  const flush = () => {
    lines.push(line);
    line = "";
    width = restWidth;
  };
  for (let word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && line.length + 1 + word.length <= width) {
      line += ` ${word}`;
      continue;
    }
    if (line !== "" || width < Math.min(word.length, restWidth)) flush();
    while (word.length > width) {
      lines.push(word.slice(0, width));
      word = word.slice(width);
      width = restWidth;
    }
    line = word;
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}
