import type { Api, Model, Models, Static } from "@earendil-works/pi-ai";
import { Type } from "@earendil-works/pi-ai";
import { step } from "./step.ts";

export const Triage = Type.Object({
  category: Type.Union([Type.Literal("bug"), Type.Literal("question"), Type.Literal("feature")]),
  severity: Type.Union([Type.Literal("low"), Type.Literal("high")]),
});

export const NextAction = Type.Object({
  action: Type.Union([
    Type.Literal("fix-now"),
    Type.Literal("schedule"),
    Type.Literal("answer"),
    Type.Literal("close"),
  ]),
  reason: Type.String({ minLength: 1 }),
});

export const TRIAGE_SYSTEM = "Triage the report: its category and severity.";
export const NEXT_ACTION_SYSTEM = "Given a triage as JSON, choose the next action and say why in one sentence.";

// ANCHOR: chain
/**
 * Two steps in a row. The second sees only the first one's value, serialised by us: each
 * step builds a new Agent, so no conversation history passes between them.
 */
export async function triageThenAct(
  models: Models,
  model: Model<Api>,
  report: string,
): Promise<{ triage: Static<typeof Triage>; next: Static<typeof NextAction> }> {
  const triage = await step(models, model, TRIAGE_SYSTEM, report, Triage);
  const next = await step(models, model, NEXT_ACTION_SYSTEM, JSON.stringify(triage), NextAction);
  return { triage, next };
}
// ANCHOR_END: chain
