import assert from "node:assert/strict";
import { test } from "node:test";
import { REPLAY_ENDS, REPLAY_VALUES, runWithReplay } from "./replay-metadata.ts";

test('ch37.types.replay-metadata-only: replay unset, "never" and "safe" give identical runs, ordinary, error and aborted ends', async () => {
  for (const end of REPLAY_ENDS) {
    const traces = [];
    for (const replay of REPLAY_VALUES) traces.push(await runWithReplay(replay, end));
    const [unset, ...others] = traces.map(({ replay: _replay, ...rest }) => rest);
    for (const other of others) assert.deepEqual(other, unset, `end ${end}`);
  }
});

test("ch37.types.replay-metadata-only: after an abort during the tool, the next prompt does not run it again", async () => {
  const run = await runWithReplay("safe", "aborted-during-tool");
  assert.equal(run.executeCalls, 1);
  assert.equal(run.executeCallsAfterEnd, 0);
  assert.ok(run.transcript.includes("toolResult(error: Operation aborted)"));
});
