import assert from "node:assert/strict";
import { test } from "node:test";
import { runFailureOnTurn } from "./last-turn-failure.ts";

test("ch38.provider-kind: a failed request before the last allowed turn is provider", async () => {
  assert.equal((await runFailureOnTurn("error", 2, 3)).kind, "provider");
});

test("ch38.provider-kind.aborted: an aborted response before the last allowed turn is provider", async () => {
  assert.equal((await runFailureOnTurn("aborted", 2, 3)).kind, "provider");
});

test("ch38.found.last-turn-failure-is-turn-limit: a failed or aborted request on the last allowed turn is turn-limit", async () => {
  for (const stopReason of ["error", "aborted"] as const) {
    assert.equal((await runFailureOnTurn(stopReason, 2, 2)).kind, "turn-limit", `${stopReason} on turn 2 of 2`);
    assert.equal((await runFailureOnTurn(stopReason, 1, 1)).kind, "turn-limit", `${stopReason} on turn 1 of 1`);
  }
});
