import assert from "node:assert/strict";
import { test } from "node:test";
import { step, type StepOptions } from "../step.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS, SUBMIT, SUBMIT_DESCRIPTION } from "./book-step.ts";
import { failedSubmits, measureStep, type StepRun } from "./measure.ts";
import { lookup, lookupTool, submit, times, toolUse } from "./script.ts";

// The names and defaults book-step.ts states, held to what the listing (step.ts, or a reader's
// copy) does. Its messages (bookMessages) are held by step.test.ts, which compares every
// ending and guard the listing throws with them.

test("ch38.submit.only-success: SUBMIT and SUBMIT_DESCRIPTION are the tool step() declares to the model", async () => {
  const run = await measureStep(step, [toolUse(submit({ verdict: "supported" }))]);
  // The core declares an agent's tools in the system message at the head of each request.
  const head = run.requests[0]?.[0];
  const declared = head?.role === "system" ? (head.toolsAdded ?? []) : [];
  assert.deepEqual(
    declared.map((tool) => ({ name: tool.name, description: tool.description })),
    [{ name: SUBMIT, description: SUBMIT_DESCRIPTION }],
  );
});

/** What a run shows of its ending: the outcome, the requests, the failed submits. */
const ending = (run: StepRun) => ({
  outcome: run.outcome,
  streamFnCalls: run.streamFnCalls,
  failedSubmits: failedSubmits(run),
});

/**
 * A check that step() given `set(value)` ends the scripted run exactly as it does with
 * `unset` (the option left out): same outcome, requests and failed submits.
 */
async function sameAsDefault(
  script: () => ReturnType<typeof times>,
  unset: StepOptions,
  set: (value: number) => StepOptions,
) {
  const byDefault = ending(await measureStep(step, script(), unset));
  return async (value: number) => assert.deepEqual(ending(await measureStep(step, script(), set(value))), byDefault);
}

test("ch38.defaults: DEFAULT_MAX_ATTEMPTS is the maxAttempts step() uses when none is given", async () => {
  const script = () => times(DEFAULT_MAX_ATTEMPTS + 3, () => toolUse(submit({ verdict: "probably" })));
  const matches = await sameAsDefault(script, {}, (maxAttempts) => ({ maxAttempts }));
  await matches(DEFAULT_MAX_ATTEMPTS);
  await assert.rejects(matches(DEFAULT_MAX_ATTEMPTS + 1), "one more attempt ends the run later");
  await assert.rejects(matches(DEFAULT_MAX_ATTEMPTS - 1), "one fewer ends it sooner");
});

test("ch38.defaults: DEFAULT_MAX_TURNS is the maxTurns step() uses when none is given", async () => {
  const script = () => times(DEFAULT_MAX_TURNS + 5, () => toolUse(lookup()));
  const extraTools = [lookupTool()];
  const matches = await sameAsDefault(script, { extraTools }, (maxTurns) => ({ maxTurns, extraTools }));
  await matches(DEFAULT_MAX_TURNS);
  await assert.rejects(matches(DEFAULT_MAX_TURNS + 1), "one more turn ends the run later");
  await assert.rejects(matches(DEFAULT_MAX_TURNS - 1), "one fewer ends it sooner");
});
