import type { Api, Model, Models, Static } from "@earendil-works/pi-ai";
import { SYSTEM, Verdict } from "./support/script.ts";
import { step } from "./step.ts";

// ANCHOR: parallel
/**
 * Independent steps at once: each call builds its own Agent and keeps its own result, so
 * nothing is shared but the provider. Rate limits are the caller's problem.
 */
export function judgeAll(
  models: Models,
  model: Model<Api>,
  claims: readonly string[],
): Promise<Static<typeof Verdict>[]> {
  return Promise.all(claims.map((claim) => step(models, model, SYSTEM, claim, Verdict)));
}
// ANCHOR_END: parallel
