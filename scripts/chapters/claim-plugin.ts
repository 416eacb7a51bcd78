import type { MarkdownIt, StateCore, StateInline, Token } from "markdown-it";
import { fail } from "./errors.ts";
import { chapterEnv } from "./include-plugin.ts";
import { inlineTokensWithLines } from "./inline-lines.ts";

/** `{{claim ch37.transcript.shape}}`: the marker a chapter puts where it makes a claim. */
export const CLAIM_MARKER = /\{\{claim\s+([^\s}]+)\s*\}\}/y;

/** Every claim marker in `text`, with the id it cites. */
export const CLAIM_MARKERS = new RegExp(CLAIM_MARKER.source, "g");

/** The claim id a `claim` token cites. */
export function claimIdOf(token: Token): string {
  return token.content;
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
    for (const [token, line] of inlineTokensWithLines(state.tokens)) {
      if (token.type === "claim" && !options.ids.has(token.content)) {
        fail(
          env,
          line,
          "unknown-claim",
          `unknown claim id "${token.content}" (not in chapters/claims.tsv or chapters/findings.tsv)`,
        );
      }
    }
  }
  md.inline.ruler.before("text", "claim", claim);
  md.core.ruler.after("inline", "claim-ids", checkIds);
}
