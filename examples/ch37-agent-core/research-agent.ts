import { Agent } from "@earendil-works/pi-agent-core";
import type { Api, Model, Models } from "@earendil-works/pi-ai";
import { lookupEvidence, type EvidenceItem } from "./lookup-evidence.ts";

export const RESEARCH_PROMPT =
  "Research the claim with lookup_evidence, then answer in one sentence.";

// ANCHOR: agent
/** An Agent that researches a claim against `corpus` with its one read-only tool. */
export function makeResearchAgent(models: Models, model: Model<Api>, corpus: readonly EvidenceItem[]): Agent {
  return new Agent({
    initialState: { systemPrompt: RESEARCH_PROMPT, model, tools: [lookupEvidence(corpus)] },
    // streamFn is a function, not an import: swapping it changes how requests travel.
    streamFn: models.streamSimple.bind(models),
  });
}
// ANCHOR_END: agent
