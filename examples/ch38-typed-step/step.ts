import type { Api, Model, Models, Static, TSchema } from "@earendil-works/pi-ai";
import { runStep, type StepOptions, type TurnGuard } from "./run-step.ts";

export { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS, SUBMIT, type StepOptions } from "./run-step.ts";
export { StepFailed, type StepFailureKind } from "./step-failed.ts";

// ANCHOR: fixed-guard
/** The fix: the bound holds whether or not a value is already stored. */
export const fixedTurnGuard: TurnGuard = (turns, maxTurns) => turns >= maxTurns;
// ANCHOR_END: fixed-guard

/**
 * A stochastic step as a typed function: `input` in, a schema-valid value out, or
 * `StepFailed` with its kind. Bad options throw `RangeError` / `Error` before any request.
 */
export function step<T extends TSchema>(
  models: Models,
  model: Model<Api>,
  system: string,
  input: string,
  schema: T,
  options?: StepOptions,
): Promise<Static<T>> {
  return runStep(fixedTurnGuard, models, model, system, input, schema, options);
}
