import { withTurnGuard, type StepFunction, type TurnGuard } from "./step.ts";

// The two versions the chapter's bug history tells of, kept compiling beside the fix
// (step.ts). They share everything with it but the turn guard.

// ANCHOR: guard-no-turn-bound
/** First version: no turn bound at all. */
export const noTurnBound: TurnGuard = () => false;
// ANCHOR_END: guard-no-turn-bound

// ANCHOR: guard-unfixed
/** Second version: the bound stops applying once a value is stored. */
export const unfixedTurnGuard: TurnGuard = (turns, maxTurns, result) => turns >= maxTurns && result === undefined;
// ANCHOR_END: guard-unfixed

/** step() as first written: a model that never submits is stopped only by maxAttempts or the provider. */
export const stepWithoutTurnBound: StepFunction = withTurnGuard(noTurnBound);

/** step() with the unfixed guard: once a value is stored, maxTurns no longer ends the run. */
export const stepWithUnfixedGuard: StepFunction = withTurnGuard(unfixedTurnGuard);
