import assert from "node:assert/strict";
import { test } from "node:test";
import { describeOutcome, failedSubmits, measureStep } from "./harness/measure.ts";
import { countingScenarios, describeExpected, stepTable } from "./step-table.ts";
import { step } from "./step.ts";

// The chapter's table: one test per row, named "<row> — <claim id>". The scripted responses
// of each row are in step-table.ts, where the recipe reads them too.
for (const row of stepTable) {
  test(`${row.row} — ${row.claim}`, async () => {
    const run = await measureStep(step, row.script(), row.options);
    assert.equal(describeOutcome(run.outcome), describeExpected(row.expected));
    if ("value" in row.expected) assert.deepEqual(run.outcome, { status: "value", value: row.expected.value });
    assert.equal(run.providerRequests, row.expected.providerRequests, "provider requests");
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
  assert.ok(run.toolEnds.some((end) => end.toolName === "lookup_evidence" && end.isError), "failed lookups did happen");
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
  assert.equal(describeOutcome(run.outcome), "no-submit", "execute never stored the malformed value");
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
