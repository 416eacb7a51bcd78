import type { MarkdownIt, StateCore, StateInline, Token } from "markdown-it";
import { fail } from "./errors.ts";
import { chapterEnv } from "./include-plugin.ts";

/** `{{claim ch37.transcript.shape}}`: the marker a chapter puts where it makes a claim. */
export const CLAIM_MARKER = /\{\{claim\s+([^\s}]+)\s*\}\}/y;

/** Every claim marker in `text`, with the id it cites. */
export const CLAIM_MARKERS = new RegExp(CLAIM_MARKER.source, "g");

/** The claim id a `claim` token cites. */
export function claimIdOf(token: Token): string {
  return token.content;
}

/** The 1-based line of each inline child, counted from its block's first line. */
export function* childrenWithLines(block: Token, fallbackLine: number): Generator<[Token, number]> {
  let line = (block.map?.[0] ?? fallbackLine) + 1;
  for (const child of block.children ?? []) {
    yield [child, line];
    if (child.type === "softbreak" || child.type === "hardbreak") line++;
  }
}

/**
 * markdown-it plugin: `{{claim ID}}` becomes a `claim` token. After inline parsing every
 * cited id is checked against the catalogue; an unknown id fails the build with the
 * chapter file and line.
 */
export function claimPlugin(md: MarkdownIt, options: { ids: ReadonlySet<string> }): void {
  function claim(state: StateInline, silent: boolean): boolean {
    if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
    CLAIM_MARKER.lastIndex = state.pos;
    const m = CLAIM_MARKER.exec(state.src);
    if (!m) return false;
    if (!silent) state.push("claim", "", 0).content = m[1]!;
    state.pos += m[0].length;
    return true;
  }
  function checkIds(state: StateCore): void {
    const env = chapterEnv(state.env);
    let lastLine = 0;
    for (const block of state.tokens) {
      if (block.map) lastLine = block.map[0];
      for (const [child, line] of childrenWithLines(block, lastLine)) {
        if (child.type === "claim" && !options.ids.has(child.content)) {
          fail(env, line, "unknown-claim", `unknown claim id "${child.content}" (not in the catalogue, chapters/claims.tsv)`);
        }
      }
    }
  }
  md.inline.ruler.before("text", "claim", claim);
  md.core.ruler.after("inline", "claim-ids", checkIds);
}
