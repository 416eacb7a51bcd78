import type { MarkdownIt, StateInline } from "markdown-it";
import { BOOK_PIN, PIN } from "../toolchain/pin.ts";

/**
 * Values a chapter inserts instead of typing them, so moving the pin moves the prose:
 * `{{pin}}` is the measured pi-agent-core, `{{book-pin}}` the version the book names.
 */
export const VALUES: Readonly<Record<string, string>> = {
  pin: PIN.core,
  "pin.ai": PIN.ai,
  "pin.typebox": PIN.typebox,
  "book-pin": BOOK_PIN,
};

/** `{{name}}` for a name in {@link VALUES}. */
export const VALUE_MARKER = /\{\{([\w.-]+)\}\}/y;

/** Replaces every known `{{name}}` in `text` by its value; leaves anything else alone. */
export function insertValues(text: string): string {
  return text.replace(new RegExp(VALUE_MARKER.source, "g"), (whole, name: string) => VALUES[name] ?? whole);
}

/** markdown-it plugin: `{{pin}}`, `{{pin.ai}}`, `{{pin.typebox}}`, `{{book-pin}}` become text. */
export function valuePlugin(md: MarkdownIt): void {
  function value(state: StateInline, silent: boolean): boolean {
    if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
    VALUE_MARKER.lastIndex = state.pos;
    const m = VALUE_MARKER.exec(state.src);
    const text = m ? VALUES[m[1]!] : undefined;
    if (!m || text === undefined) return false;
    if (!silent) state.push("text", "", 0).content = text;
    state.pos += m[0].length;
    return true;
  }
  md.inline.ruler.before("text", "value", value);
}
