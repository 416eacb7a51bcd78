import { describeOutcome, measureStep } from "../support/measure.ts";
import { abortedResponse, failedRequest, lookup, lookupTool, toolUse } from "../support/script.ts";
import { step } from "../step.ts";

/** A failed or aborted request, with no value stored, on turn `failsOnTurn` of `maxTurns`. */
export interface LastTurnFailureRun {
  stopReason: "error" | "aborted";
  failsOnTurn: number;
  maxTurns: number;
  kind: string;
  providerRequests: number;
}

/** Lookups until turn `failsOnTurn`, whose request ends with `stopReason`. */
export async function runFailureOnTurn(
  stopReason: "error" | "aborted",
  failsOnTurn: number,
  maxTurns: number,
): Promise<LastTurnFailureRun> {
  const lookups = Array.from({ length: failsOnTurn - 1 }, () => toolUse(lookup()));
  const failure = stopReason === "error" ? failedRequest() : abortedResponse();
  const run = await measureStep(step, [...lookups, failure], { maxTurns, extraTools: [lookupTool()] });
  return {
    stopReason,
    failsOnTurn,
    maxTurns,
    kind: describeOutcome(run.outcome),
    providerRequests: run.providerRequests,
  };
}

/** The book's case (a failure before the bound) and the last allowed turn, for both stop reasons. */
export async function measureLastTurnFailures(): Promise<LastTurnFailureRun[]> {
  const runs: LastTurnFailureRun[] = [];
  for (const stopReason of ["error", "aborted"] as const) {
    runs.push(await runFailureOnTurn(stopReason, 2, 3));
    runs.push(await runFailureOnTurn(stopReason, 2, 2));
    runs.push(await runFailureOnTurn(stopReason, 1, 1));
  }
  return runs;
}
