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
 * Lower-cases `text` code point by code point and remembers where each lowered unit came
 * from, so a match found in the lowered text maps back to the original even when
 * lower-casing changes the length (for example "İ" becomes two code units).
 */
function lowerWithOrigins(text: string): { lowered: string; origin: number[] } {
  if (text.toLowerCase().length === text.length) return { lowered: text.toLowerCase(), origin: [] };
  let lowered = "";
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const low = ch.toLowerCase();
    for (let k = 0; k < low.length; k++) origin.push(i);
    lowered += low;
    i += ch.length;
  }
  return { lowered, origin };
}

/** Where `needle` (already lower-cased) first occurs in `text`, ignoring case; -1 when absent. */
export function findIgnoringCase(text: string, needle: string): number {
  const { lowered, origin } = lowerWithOrigins(text);
  const at = lowered.indexOf(needle);
  if (at < 0 || origin.length === 0) return at;
  return origin[at]!;
}

// ANCHOR: excerpt
/** The excerpt window: 120 characters before the match, 500 long, ellipses where cut. */
export function excerptAround(text: string, matchAt: number): string {
  const start = Math.max(0, matchAt - CONTEXT_BEFORE);
  const end = start + EXCERPT_LENGTH;
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
