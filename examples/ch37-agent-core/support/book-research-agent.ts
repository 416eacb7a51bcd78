import { lookupEvidence } from "../research-agent.ts";

// What the book states about its research agent: the strings, bounds and shapes that tests
// and demonstrations compare the listing (research-agent.ts, or a reader's copy) against.
// The listing keeps its own literals, as the book's does; these are the expectations.

export const RESEARCH_PROMPT = "Research the claim using lookup_evidence. Answer in one sentence.";
export const LOOKUP_DESCRIPTION = "Return up to five short corpus matches. Use short keywords.";
export const NO_MATCHES = "no matches";
export const OMITTED_LINE = "[Additional matches omitted]";
export const MAX_MATCHES = 5;
/** Characters of context before the match. */
export const CONTEXT_BEFORE = 120;
export const EXCERPT_LENGTH = 500;

/** What the host keeps from a lookup (the tool's `details`); the model never sees it. */
export interface LookupDetails {
  /** The query as the model sent it, untrimmed. */
  query: string;
  /** The ids shown, in order. */
  hits: string[];
}

/**
 * The tool's parameter schema. The listing keeps `LookupParams` private, as the book's does;
 * the tool carries it.
 */
export const LookupParams = lookupEvidence({}).parameters;
