import assert from "node:assert/strict";
import { test } from "node:test";
import { isLoopBound } from "./declared-types.ts";

test("ch38.bounds.not-in-pi: maxTurns-like options would count as bounds; token, retry and time limits do not", () => {
  for (const name of ["maxTurns", "maxAttempts", "turnLimit", "maxToolCalls", "maxIterations", "maxSteps"]) {
    assert.equal(isLoopBound(name), true, name);
  }
  for (const name of ["maxTokens", "maxRetries", "maxRetryDelayMs", "timeoutMs", "websocketConnectTimeoutMs"]) {
    assert.equal(isLoopBound(name), false, name);
  }
});
