import assert from "node:assert/strict";
import { test } from "node:test";
import { captureStreamOptions } from "./stream-options.ts";

test("ch37.options.transport-getApiKey: transport reaches every request, and getApiKey is asked before each one (a fresh key each)", async () => {
  const run = await captureStreamOptions();
  assert.deepEqual(
    run.requests.map((r) => r.transport),
    ["websocket", "websocket", "websocket"],
  );
  assert.deepEqual(run.keysIssued, ["token-1-for-faux", "token-2-for-faux", "token-3-for-faux"]);
  assert.deepEqual(
    run.requests.map((r) => r.apiKey),
    run.keysIssued,
    "each request carries the key issued for it",
  );
});
