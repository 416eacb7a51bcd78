import assert from "node:assert/strict";
import { test } from "node:test";
import { REPLAY_ENDS, REPLAY_VALUES, replayReadsInCoreDist, replayReadsInSource, runWithReplay } from "./replay-metadata.ts";

test("ch37.types.replay-metadata-only: replay unset, \"never\" and \"safe\" give identical runs, ordinary, error and aborted ends", async () => {
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

test("ch37.types.replay-metadata-only: no file of the core's dist reads a property named replay", () => {
  const { files, reads } = replayReadsInCoreDist();
  assert.ok(files > 0);
  assert.deepEqual(reads, []);
});

test("the replay scan finds every form of read, and no comment or string", () => {
  const reads = ['tool.replay', 'tool["replay"]', "const { replay } = tool", "const { replay: r } = tool", '"replay" in tool'];
  for (const code of reads) assert.equal(replayReadsInSource("x.js", code).length, 1, code);
  const mentions = ["// replay always yields", 'const s = "replay";', "/** replayed prompt */ x()"];
  for (const code of mentions) assert.deepEqual(replayReadsInSource("x.js", code), [], code);
});
