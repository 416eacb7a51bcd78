import assert from "node:assert/strict";
import { test } from "node:test";
import { describeOutcome, failedSubmits, measureStep } from "./support/measure.ts";
import { countingScenarios, describeExpected, stepTable } from "./step-table.ts";
import { step, StepFailed } from "./step.ts";
import { bookMessages } from "./support/book-step.ts";
import { describeBounds, describeScript } from "./support/describe-script.ts";
import {
  abortedResponse,
  failedRequest,
  lookup,
  lookupTool,
  lookupToolNamed,
  prose,
  submit,
  times,
  toolUse,
} from "./support/script.ts";

// The chapter's table: one test per row, named "<row> — <claim id>". The scripted responses
// of each row are in step-table.ts, where the recipe reads them too.
for (const row of stepTable) {
  test(`${row.row} — ${row.claim}`, async () => {
    const run = await measureStep(step, row.script(), row.options);
    // One comparison of what the row states, so that a failure reads as the table does, with what produced it.
    const why = `outcome\nscripted: ${describeScript(row.script())}; ${describeBounds(row.options)}`;
    assert.equal(
      `${describeOutcome(run.outcome)} after ${run.providerRequests} provider requests`,
      `${describeExpected(row.expected)} after ${row.expected.providerRequests} provider requests`,
      why,
    );
    if ("value" in row.expected) assert.deepEqual(run.outcome, { status: "value", value: row.expected.value }, why);
  });
}

// How failures are counted, as the chapter spells it out (scripts in step-table.ts).

test("two failed submits in one response count twice — ch38.maxattempts.per-failed-call", async () => {
  const { script, options } = countingScenarios.twoFailedSubmitsInOneResponse;
  const run = await measureStep(step, script(), options);
  assert.equal(describeOutcome(run.outcome), "invalid-submissions");
  assert.equal(failedSubmits(run), 2);
  assert.equal(run.providerRequests, 1, "the repair was never requested");
});

test("a lookup never counts as an attempt, not even a failed one — ch38.lookup-only-no-attempt", async () => {
  const { script, options } = countingScenarios.lookupsOnly;
  const run = await measureStep(step, script(), options);
  assert.equal(describeOutcome(run.outcome), "turn-limit", "only the turn bound stops a lookup-only model");
  assert.equal(failedSubmits(run), 0);
  assert.ok(
    run.toolEnds.some((end) => end.toolName === "lookup_evidence" && end.isError),
    "failed lookups did happen",
  );
  assert.equal(run.providerRequests, 4);
});

test("a schema-valid submit the core fails (truncated response) still counts — ch38.maxattempts.cause-agnostic", async () => {
  const { script, options } = countingScenarios.validSubmitFailedByCore;
  const run = await measureStep(step, script(), options);
  assert.equal(describeOutcome(run.outcome), "invalid-submissions");
  assert.match(run.toolEnds[0]?.text ?? "", /output token limit/, "failed by the core, not by the schema");
  assert.equal(run.providerRequests, 1);
});

test("the core rejects a malformed submit before execute; the model sees an error result — ch38.validation.before-execute", async () => {
  const run = await measureStep(step, countingScenarios.malformedSubmit.script());
  // Nothing stored; after a failed submit, a model that gives up in prose is invalid-submissions in the book (its last branch).
  assert.deepEqual(run.outcome, {
    status: "failed",
    kind: "invalid-submissions",
    message: bookMessages.invalidSubmissions(1),
  });
  assert.match(run.toolEnds[0]?.text ?? "", /^Validation failed for tool "submit"/);
  const seen = run.requests[1]?.at(-1);
  assert.ok(seen?.role === "toolResult" && seen.isError, "the second request ends with an error tool result");
});

test("a bound aborts from the listener; no further request is served — ch38.abort.from-listener", async () => {
  const { script, options } = countingScenarios.boundAbortsFromListener;
  const run = await measureStep(step, script(), options);
  assert.equal(describeOutcome(run.outcome), "turn-limit");
  assert.equal(run.providerRequests, 3);
  assert.equal(run.streamFnCalls, 4, "the loop still calls its stream function once after abort()");
  // pi-ai's Models refuses an aborted request before the provider sees it, with stop reason "error".
  assert.equal(run.stopReasons.at(-1), "error");
});

// The book's words: what each ending says, and the error itself.

test("each ending says what ended the run, in the book's words — ch38.kinds.reachable", async () => {
  const invalid = { verdict: "probably" };
  const cases = [
    { script: times(5, () => toolUse(submit(invalid))), options: {}, message: bookMessages.invalidSubmissions(3) },
    // turns counts every turn_end, the aborted turn after the bound's abort() included.
    {
      script: times(12, () => toolUse(lookup())),
      options: { extraTools: [lookupTool()] },
      message: bookMessages.turnLimit(11),
    },
    { script: [failedRequest("upstream 503")], options: {}, message: bookMessages.provider("upstream 503") },
    {
      script: [abortedResponse("request cancelled")],
      options: {},
      message: bookMessages.provider("request cancelled"),
    },
    { script: [prose("The release shipped.")], options: {}, message: bookMessages.noSubmit },
    {
      script: [toolUse(submit(invalid)), toolUse(submit(invalid)), prose("I give up.")],
      options: {},
      message: bookMessages.invalidSubmissions(2),
    },
  ];
  for (const { script, options, message } of cases) {
    const run = await measureStep(step, script, options);
    assert.equal(run.outcome.status === "failed" ? run.outcome.message : describeOutcome(run.outcome), message);
  }
});

test("the configuration guards throw the book's errors, maxAttempts first — ch38.config-guards", async () => {
  const cases = [
    {
      options: { maxAttempts: 0, maxTurns: 0 },
      thrown: { status: "thrown", errorName: "RangeError", message: bookMessages.notPositive("maxAttempts") },
    },
    {
      options: { maxTurns: Number.MAX_SAFE_INTEGER + 1 },
      thrown: { status: "thrown", errorName: "RangeError", message: bookMessages.notPositive("maxTurns") },
    },
    {
      options: { extraTools: [lookupToolNamed("submit")] },
      thrown: { status: "thrown", errorName: "Error", message: bookMessages.reservedName },
    },
  ];
  for (const { options, thrown } of cases) {
    const run = await measureStep(step, [toolUse(submit({ verdict: "supported" }))], options);
    assert.deepEqual(run.outcome, thrown);
    assert.equal(run.streamFnCalls, 0, "before any request");
  }
});

test("StepFailed takes its message first and leaves name at Error, as the book's does — ch38.kinds.reachable", () => {
  const error = new StepFailed("x", "provider");
  assert.deepEqual([error.message, error.kind, error.name, error instanceof Error], ["x", "provider", "Error", true]);
});
