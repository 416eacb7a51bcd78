import assert from "node:assert/strict";
import { test } from "node:test";
import { BOOK_EVENT_NAMES, collectRuntimeEvents } from "./events.ts";

test("ch37.events.runtime-names: subscribe() delivers exactly the ten lifecycle events, with a streaming tool", async () => {
  const run = await collectRuntimeEvents();
  assert.deepEqual(run.distinct, [
    ...BOOK_EVENT_NAMES.slice(0, 3),
    "message_end",
    "message_update",
    ...BOOK_EVENT_NAMES.slice(5),
  ]);
  assert.deepEqual(run.lifecycleOrder, BOOK_EVENT_NAMES, "the book's list, in the order of the lifecycle it describes");
  assert.deepEqual(run.missing, []);
  assert.deepEqual(run.extra, []);
  assert.equal(run.counts.agent_end, 1);
  assert.equal(run.delivered.at(-1), "agent_end");
});
