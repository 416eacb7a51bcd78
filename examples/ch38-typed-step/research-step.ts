import type { Model, Models, Static } from "@earendil-works/pi-ai";
import { Type } from "@earendil-works/pi-ai";
import { lookupEvidence, type Corpus } from "../ch37-agent-core/research-agent.ts";
import { step } from "./step.ts";

export const CitedVerdict = Type.Object({
  verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted"), Type.Literal("unclear")]),
  citations: Type.Array(Type.String({ minLength: 1 }), {
    minItems: 1,
    description: "ids of the evidence items relied on",
  }),
});

export type CitedVerdict = Static<typeof CitedVerdict>;

export const RESEARCH_SYSTEM =
  "Research the claim with lookup_evidence, then submit a verdict citing the ids of the evidence items you relied on.";

// ANCHOR: research-step
/** Chapter 37's research agent with a typed return: the lookup tool inside a step. */
export function researchStep(models: Models, model: Model<any>, corpus: Corpus, claim: string): Promise<CitedVerdict> {
  return step(models, model, RESEARCH_SYSTEM, claim, CitedVerdict, { extraTools: [lookupEvidence(corpus)] });
}
// ANCHOR_END: research-step
