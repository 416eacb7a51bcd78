import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";
import fc from "fast-check";
import { fauxAssistantMessage, validateToolArguments } from "@earendil-works/pi-ai";
import { predictStep, type ExpectedRun } from "./classification-oracle.ts";
import {
  conversationArb,
  conversationCode,
  hasBadBound,
  misconfigurationArb,
  Submission,
  type Conversation,
} from "./conversation-generator.ts";
import { stepWithoutTurnBound, stepWithUnfixedGuard } from "../../examples/ch38-typed-step/earlier-versions.ts";
import { failedSubmits, measureStep } from "../../examples/ch38-typed-step/support/measure.ts";
import { lookupTool, submit } from "../../examples/ch38-typed-step/support/script.ts";
import { step } from "../../examples/ch38-typed-step/step.ts";
import type { StepFunction } from "../../examples/ch38-typed-step/support/measure.ts";
import { assertStepInvariants, runConversation, violations, type Violation } from "./step-invariants.ts";

// Properties of step() over random scripted conversations, with a fixed seed so a run of
// `npm test` is repeatable. `npm run fuzz` runs the same property with a random seed.

const SEED = 38_0038;
/** About 6 ms a case on the shared 2-core machine: 2,000 cases take some 12 s. */
const RUNS = 2_000;

test("ch38.kinds.reachable, recipe.no-third-outcome: over 2,000 conversations step() ends as the classification rules say", async () => {
  // Each case: the value (schema-valid, the first valid submission) or StepFailed of the
  // oracle's kind; provider requests within maxTurns and as predicted; failed submits as predicted.
  await fc.assert(
    fc.asyncProperty(conversationArb, (conversation) => assertStepInvariants(step, conversation)),
    { seed: SEED, numRuns: RUNS },
  );
});

test("ch38.config-guards: a bad bound or a tool named submit throws before any request, and is not StepFailed", async () => {
  await fc.assert(
    fc.asyncProperty(misconfigurationArb, async (bad) => {
      const named: ReturnType<typeof lookupTool> = { ...lookupTool(), name: "submit" };
      const extraTools = bad.submitNamedTool ? [named] : [];
      const run = await measureStep(
        step,
        bad.responses,
        { maxAttempts: bad.maxAttempts, maxTurns: bad.maxTurns, extraTools },
        Submission,
      );
      assert.equal(run.outcome.status, "thrown");
      assert.equal(run.streamFnCalls, 0);
      assert.equal(run.providerRequests, 0);
      if (run.outcome.status !== "thrown") return;
      // Both kinds of mistake at once may report either; the chapter does not order them.
      if (!bad.submitNamedTool) assert.equal(run.outcome.errorName, "RangeError");
      else if (!hasBadBound(bad)) assert.equal(run.outcome.errorName, "Error");
      else assert.ok(["RangeError", "Error"].includes(run.outcome.errorName));
    }),
    { seed: SEED, numRuns: 200 },
  );
});

test("the generator labels every submit as the core judges it (the oracle's premise)", () => {
  const submitTool = { name: "submit", description: "", parameters: Submission };
  fc.assert(
    fc.property(conversationArb, (conversation) => {
      for (const response of conversation.responses) {
        if (response.kind !== "calls") continue;
        for (const call of response.calls) {
          if (call.tool !== "submit") continue;
          let accepted: unknown;
          try {
            accepted = validateToolArguments(submitTool, {
              type: "toolCall",
              id: "c",
              name: "submit",
              arguments: call.args,
            });
          } catch {
            accepted = undefined;
          }
          assert.deepEqual(accepted, call.accepted, JSON.stringify(call.args));
        }
      }
    }),
    { seed: SEED, numRuns: 500 },
  );
});

test('ch38.validation.before-execute: the core converts arguments before validating them, so 1.5 and "2" reach execute as 1 and 2', async () => {
  // Why the generator's numeral serials count as valid: a schema-invalid submission the
  // core can convert is accepted, converted. A value step() returns always validates; it
  // is not always what the model sent.
  const run = await measureStep(
    step,
    [
      fauxAssistantMessage([submit({ verdict: "refuted", serial: 1.5 }), submit({ verdict: "unclear", serial: "2" })], {
        stopReason: "toolUse",
      }),
    ],
    {},
    Submission,
  );
  assert.deepEqual(run.outcome, { status: "value", value: { verdict: "refuted", serial: 1 } });
  assert.equal(failedSubmits(run), 0);
});

test("the generator reaches every ending, both bounds, and the end of the script", () => {
  // Counted with the oracle alone (no runs): a generator that never reached an ending
  // would let the property pass without testing it.
  const endings = new Map<string, number>();
  let atMaxTurns = 0;
  let exhausted = 0;
  const samples = fc.sample(conversationArb, { seed: SEED, numRuns: RUNS });
  for (const conversation of samples) {
    const expected: ExpectedRun = predictStep(conversation);
    const ending = expected.outcome.status === "value" ? "value" : expected.outcome.kind;
    endings.set(ending, (endings.get(ending) ?? 0) + 1);
    if (expected.providerRequests === (conversation.maxTurns ?? 10)) atMaxTurns++;
    if (expected.providerRequests > conversation.responses.length) exhausted++;
  }
  for (const ending of ["value", "provider", "invalid-submissions", "turn-limit", "no-submit"]) {
    assert.ok((endings.get(ending) ?? 0) >= RUNS * 0.03, `${ending}: ${endings.get(ending) ?? 0} of ${RUNS}`);
  }
  assert.ok(atMaxTurns >= RUNS * 0.05, `${atMaxTurns} runs used exactly maxTurns requests`);
  assert.ok(exhausted >= RUNS * 0.05, `${exhausted} runs outlived their script`);
});

/** Runs the fixed step()'s property against an earlier version and returns the shrunk counterexample. */
async function counterexampleFor(
  version: StepFunction,
  only?: readonly Violation["invariant"][],
): Promise<{ conversation: Conversation; broken: Violation[]; numRuns: number }> {
  const details = await fc.check(
    fc.asyncProperty(conversationArb, (conversation) => assertStepInvariants(version, conversation, only)),
    { seed: SEED, numRuns: RUNS },
  );
  assert.ok(details.failed && details.counterexample !== null, `no counterexample in ${details.numRuns} runs`);
  const [conversation] = details.counterexample;
  const broken = violations(conversation, await runConversation(version, conversation));
  return { conversation, broken, numRuns: details.numRuns };
}

/** Prints the shrunk script and what it broke beside the test's result. */
function report(t: TestContext, numRuns: number, code: string, broken: Violation[]): void {
  t.diagnostic(`found after ${numRuns} cases, shrunk to:`);
  for (const line of code.split("\n")) t.diagnostic(line);
  for (const v of broken) t.diagnostic(`${v.invariant}: ${v.detail}`);
}

test("ch38.bug.unfixed-bound-stops-after-submit: the properties find the unfixed guard's turn-limit bug on their own", async (t) => {
  const { conversation, broken, numRuns } = await counterexampleFor(stepWithUnfixedGuard);
  report(t, numRuns, conversationCode(conversation, "stepWithUnfixedGuard"), broken);
  assert.ok(broken.some((v) => v.invariant === "requests-within-maxTurns"));
  // The minimal case is the chapter's: a value stored in a batch that does not terminate.
  assert.ok(predictStep(conversation).outcome.status === "value");
});

test("ch38.bug.no-turn-bound-31-requests: the turn-bound invariant alone catches the version without a bound", async (t) => {
  const { conversation, broken, numRuns } = await counterexampleFor(stepWithoutTurnBound, ["requests-within-maxTurns"]);
  report(t, numRuns, conversationCode(conversation, "stepWithoutTurnBound"), broken);
  assert.ok(broken.some((v) => v.invariant === "requests-within-maxTurns"));
});
