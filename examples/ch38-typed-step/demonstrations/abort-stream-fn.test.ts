import assert from "node:assert/strict";
import { test } from "node:test";
import { runAbortFromListener } from "./abort-stream-fn.ts";

test("ch38.abort.from-listener: with Models or a stream function that passes the signal on, abort() at turn_end 2 leaves 2 requests served", async () => {
  for (const kind of ["models", "forwards-signal"] as const) {
    const run = await runAbortFromListener(kind);
    assert.equal(run.providerRequests, 2, kind);
  }
  assert.equal(
    (await runAbortFromListener("forwards-signal")).streamFnCalls,
    3,
    "the stream function still sees a third call",
  );
});

test("ch38.found.abort-relies-on-stream-fn: a stream function that drops the signal keeps the run going until the script runs out", async () => {
  const run = await runAbortFromListener("drops-signal");
  assert.equal(run.providerRequests, run.scripted + 1);
  assert.ok(run.turns > run.abortAtTurn);
});
