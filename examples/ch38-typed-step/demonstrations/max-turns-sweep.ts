import { measureStep } from "../support/measure.ts";
import { lookup, lookupTool, submit, times, toolUse } from "../support/script.ts";
import { step } from "../step.ts";

/** The book's fixed case at one maxTurns: submit batched with a lookup every turn. */
export interface MaxTurnsRun {
  maxTurns: number;
  scripted: number;
  value: unknown;
  providerRequests: number;
  streamFnCalls: number;
  /** Stop reason of the stream-function call made after abort(), if there was one. */
  afterAbortStopReason: string | undefined;
}

/** Runs step() with each maxTurns against a model that batches submit with a lookup every turn. */
export async function sweepMaxTurns(values: readonly number[] = [1, 2, 3, 5]): Promise<MaxTurnsRun[]> {
  const runs: MaxTurnsRun[] = [];
  for (const maxTurns of values) {
    const scripted = maxTurns + 3;
    const run = await measureStep(
      step,
      times(scripted, () => toolUse(submit({ verdict: "supported" }), lookup())),
      {
        maxTurns,
        extraTools: [lookupTool()],
      },
    );
    runs.push({
      maxTurns,
      scripted,
      value: run.outcome.status === "value" ? run.outcome.value : undefined,
      providerRequests: run.providerRequests,
      streamFnCalls: run.streamFnCalls,
      afterAbortStopReason: run.streamFnCalls > run.providerRequests ? run.stopReasons.at(-1) : undefined,
    });
  }
  return runs;
}
