import { withTurnGuard, type StepFunction, type TurnGuard } from "./run-step.ts";

export { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS, SUBMIT, type StepFunction, type StepOptions } from "./run-step.ts";
export { StepFailed, type StepFailureKind } from "./step-failed.ts";

// ANCHOR: fixed-guard
/** The fix: the bound holds whether or not a value is already stored. */
export const fixedTurnGuard: TurnGuard = (turns, maxTurns) => turns >= maxTurns;
// ANCHOR_END: fixed-guard

/**
 * A stochastic step as a typed function, `step(models, model, system, input, schema, options?)`:
 * text in, a schema-valid value out, or `StepFailed` with its kind. Bad options throw
 * `RangeError` / `Error` before any request.
 */
export const step: StepFunction = withTurnGuard(fixedTurnGuard);
