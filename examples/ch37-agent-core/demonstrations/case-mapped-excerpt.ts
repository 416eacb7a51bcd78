import { CONTEXT_BEFORE, EXCERPT_LENGTH } from "../support/book-research-agent.ts";

// The companion's excerpt, a finding beside the book's (ch37.found.case-mapped-excerpt):
// the match is found in the lower-cased text, as the book finds it, then mapped back to the
// original before the window is cut, and the window never splits a surrogate pair. The
// book's listing (research-agent.ts) cuts the window at the lower-cased position.

/**
 * Where `needle` (already lower-cased) first occurs in `text`, ignoring case; -1 when absent.
 * Matching is the book's rule exactly, `text.toLowerCase()` contains the needle; the match is
 * then mapped back to `text`, because lower-casing can lengthen a character ("İ" becomes two
 * code units) and the excerpt must be cut from the original.
 */
export function findIgnoringCase(text: string, needle: string): number {
  const lowered = text.toLowerCase();
  const at = lowered.indexOf(needle);
  if (at < 0 || lowered.length === text.length) return at;
  // Whole-string lowering differs from per-character lowering only in which sigma it picks
  // (σ or ς), never in length, so per-character lengths locate the match in the original.
  let loweredPos = 0;
  let originalPos = 0;
  for (const ch of text) {
    if (loweredPos >= at) break;
    loweredPos += ch.toLowerCase().length;
    originalPos += ch.length;
  }
  return originalPos;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The book's window (120 characters before the match, 500 long, ellipses where cut), never splitting a surrogate pair. */
export function excerptAround(text: string, matchAt: number): string {
  let start = Math.max(0, matchAt - CONTEXT_BEFORE);
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  // Never cut a surrogate pair in half: the model would get malformed text.
  if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start++;
  if (end < text.length && isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end))) end--;
  const head = start > 0 ? "…" : "";
  const tail = end < text.length ? "…" : "";
  return head + text.slice(start, end) + tail;
}

/** The companion's excerpt of `text` for a query, or undefined on a miss: the book's rule, with the match mapped back. */
export function caseMappedExcerpt(text: string, query: string): string | undefined {
  const at = findIgnoringCase(text, query.trim().toLowerCase());
  return at < 0 ? undefined : excerptAround(text, at);
}
