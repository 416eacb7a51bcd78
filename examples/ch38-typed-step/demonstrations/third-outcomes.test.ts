import assert from "node:assert/strict";
import { test } from "node:test";
import { measureOtherEndings } from "./third-outcomes.ts";

test("recipe.no-third-outcome: qualified — maxTurns 0 ends in neither a value nor StepFailed; a throwing stream function is StepFailed", async () => {
  const cases = await measureOtherEndings();
  assert.deepEqual(
    cases.map(({ name, ending, providerRequests }) => ({ name, ending, providerRequests })),
    [
      { name: "maxTurns 0", ending: "RangeError", providerRequests: 0 },
      { name: "a stream function that throws", ending: "StepFailed", providerRequests: 0 },
    ],
  );
});
