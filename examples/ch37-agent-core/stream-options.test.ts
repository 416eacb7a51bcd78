import assert from "node:assert/strict";
import { test } from "node:test";
import { captureStreamOptions } from "./stream-options.ts";

test("ch37.options.transport-getApiKey: transport is forwarded and getApiKey's key reaches the stream function per request", async () => {
  const run = await captureStreamOptions();
  assert.equal(run.transportSeen, "websocket");
  assert.deepEqual(run.getApiKeyAskedFor, ["faux"]);
  assert.equal(run.apiKeySeen, "key-for-faux");
});
