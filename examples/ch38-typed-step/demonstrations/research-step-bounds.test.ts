import assert from "node:assert/strict";
import { test } from "node:test";
import { measureResearchStepBounds } from "./research-step-bounds.ts";

test("ch38.extra-tools.research-step: the model looks up, then submits, and the lookups stay inside the bounds", async () => {
  const { book, runs } = await measureResearchStepBounds();
  assert.deepEqual(book.value, { verdict: "supported", citations: ["notes-1"] });
  assert.equal(book.providerRequests, 2);
  const summary = runs.map(({ name, outcome, providerRequests, lookups, failedSubmits }) => ({
    name,
    outcome,
    providerRequests,
    lookups,
    failedSubmits,
  }));
  assert.deepEqual(summary, [
    {
      name: "lookup then submit, maxTurns 2",
      outcome: '{"verdict":"supported","citations":["notes-1"]}',
      providerRequests: 2,
      lookups: 1,
      failedSubmits: 0,
    },
    {
      name: "lookup then submit, maxTurns 1",
      outcome: "turn-limit",
      providerRequests: 1,
      lookups: 1,
      failedSubmits: 0,
    },
    { name: "lookups only, maxTurns 3", outcome: "turn-limit", providerRequests: 3, lookups: 3, failedSubmits: 0 },
    {
      name: "empty-query lookups only, maxAttempts 1",
      outcome: "turn-limit",
      providerRequests: 4,
      lookups: 4,
      failedSubmits: 0,
    },
  ]);
});
