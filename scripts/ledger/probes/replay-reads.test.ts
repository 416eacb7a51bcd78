import assert from "node:assert/strict";
import { test } from "node:test";
import { replayReadsInCoreDist, replayReadsInSource } from "./replay-reads.ts";

test("ch37.types.replay-metadata-only: no file of the core's dist reads a property named replay", () => {
  const { files, reads } = replayReadsInCoreDist();
  assert.ok(files > 0);
  assert.deepEqual(reads, []);
});

test("the replay scan finds every form of read, and no comment or string", () => {
  const reads = [
    "tool.replay",
    'tool["replay"]',
    "const { replay } = tool",
    "const { replay: r } = tool",
    '"replay" in tool',
  ];
  for (const code of reads) assert.equal(replayReadsInSource("x.js", code).length, 1, code);
  const mentions = ["// replay always yields", 'const s = "replay";', "/** replayed prompt */ x()"];
  for (const code of mentions) assert.deepEqual(replayReadsInSource("x.js", code), [], code);
});
