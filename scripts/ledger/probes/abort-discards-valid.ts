import { failedSubmits, measureStep, type StepOutcome } from "../../../examples/ch38-typed-step/support/measure.ts";
import { submit, toolUse, Verdict } from "../../../examples/ch38-typed-step/support/script.ts";
import { step } from "../../../examples/ch38-typed-step/step.ts";

/** A valid and an invalid submit in one batch, with the attempt budget at one. */
export interface AbortDiscardsValidRun {
  outcome: StepOutcome;
  failedSubmits: number;
}

/**
 * The batch runs in parallel: the invalid submit's failure reaches the listener, which
 * aborts at maxAttempts 1 before the valid submit's execute has stored its value, so the
 * aborted valid call counts as a second failure and the first valid submission is lost.
 */
export async function measureAbortDiscardsValid(): Promise<AbortDiscardsValidRun> {
  const run = await measureStep(
    step,
    [toolUse(submit({ verdict: "supported" }), submit({ verdict: "probably" }))],
    { maxAttempts: 1 },
    Verdict,
  );
  return { outcome: run.outcome, failedSubmits: failedSubmits(run) };
}
