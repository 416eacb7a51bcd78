import type { Token } from "markdown-it";

/**
 * Every inline token of a parsed chapter with its 1-based source line, so a check on an
 * inline directive can name the line. markdown-it maps only block tokens to lines: the
 * line is the block's first, plus the line breaks before the token. A table cell has no
 * map of its own and takes its row's.
 */
export function* inlineTokensWithLines(tokens: readonly Token[]): Generator<[Token, number]> {
  let blockLine = 0;
  for (const block of tokens) {
    if (block.map) blockLine = block.map[0];
    let line = blockLine + 1;
    for (const child of block.children ?? []) {
      yield [child, line];
      if (child.type === "softbreak" || child.type === "hardbreak") line++;
    }
  }
}
