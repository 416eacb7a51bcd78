import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type } from "@earendil-works/pi-ai";

/** One document the research agent can search. */
export interface EvidenceItem {
  id: string;
  text: string;
}

export const MAX_MATCHES = 5;
export const CONTEXT_BEFORE = 120;
export const EXCERPT_LENGTH = 500;
export const OMITTED_LINE = "[Additional matches omitted]";
export const NO_MATCHES = "no matches";

// ANCHOR: params
export const LookupParams = Type.Object({
  query: Type.String({ minLength: 1, pattern: "\\S", description: "Short keywords to search for" }),
});
// ANCHOR_END: params

/** What the host keeps from a lookup; the model never sees it. */
export interface LookupDetails {
  query: string;
  ids: string[];
}

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

// ANCHOR: excerpt
/** The excerpt window: 120 characters before the match, 500 long, ellipses where cut. */
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
// ANCHOR_END: excerpt

// ANCHOR: tool
/** The research agent's one tool: up to five short corpus matches for short keywords. */
export function lookupEvidence(corpus: readonly EvidenceItem[]): AgentTool<typeof LookupParams, LookupDetails> {
  return {
    name: "lookup_evidence",
    label: "Look up evidence",
    description: "Return up to five short corpus matches for short keywords.",
    parameters: LookupParams,
    async execute(_toolCallId, params) {
      const query = params.query.trim().toLowerCase();
      const hits: { item: EvidenceItem; at: number }[] = [];
      for (const item of corpus) {
        const at = findIgnoringCase(item.text, query);
        if (at >= 0) hits.push({ item, at });
        // One hit past the limit is enough to know that matches were omitted.
        if (hits.length > MAX_MATCHES) break;
      }
      const shown = hits.slice(0, MAX_MATCHES);
      const lines = shown.map(({ item, at }) => `[${item.id}] ${excerptAround(item.text, at)}`);
      if (hits.length > MAX_MATCHES) lines.push(OMITTED_LINE);
      const text = lines.length > 0 ? lines.join("\n") : NO_MATCHES;
      // A miss is an ordinary answer the model can reason about, not a failure.
      return {
        content: [{ type: "text", text }],
        details: { query: params.query, ids: shown.map(({ item }) => item.id) },
      };
    },
  };
}
// ANCHOR_END: tool
