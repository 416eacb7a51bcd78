import type { Corpus } from "../ch37-agent-core/research-agent.ts";

/** A citation that is not exactly the id of an evidence item. */
export interface UnknownCitation {
  kind: "unknown-citation";
  citation: string;
}

// ANCHOR: citation-check
/**
 * The deterministic check after a research step: every citation must be exactly the id of
 * an item in the corpus. Blind spot: a real item cited for the wrong claim passes.
 */
export function checkCitations(citations: readonly string[], corpus: Corpus): UnknownCitation[] {
  return citations
    .filter((citation) => !Object.hasOwn(corpus, citation))
    .map((citation) => ({ kind: "unknown-citation", citation }));
}
// ANCHOR_END: citation-check
