import assert from "node:assert/strict";
import { test } from "node:test";
import { oneVoiceAtATime } from "./heartbeat.ts";

/** A stream that records what was written to it, tagged with its name. */
const recorder = (name: string, into: string[]) => ({
  write: (chunk: Buffer | string) => into.push(`${name} ${chunk}`),
});

test("npm test's steps side by side: the first speaks at once, a later one is held until those before it end, and nothing interleaves", () => {
  const printed: string[] = [];
  const { io, ended } = oneVoiceAtATime(3, recorder("out", printed), recorder("err", printed));
  io[0]!.out("typecheck: started\n");
  io[1]!.out("cell 1 1/2\n");
  io[2]!.err("third: waiting\n");
  io[1]!.err("notebooks: still running\n");
  io[0]!.out("typecheck: no errors\n");
  assert.deepEqual(printed, ["out typecheck: started\n", "out typecheck: no errors\n"]);
  ended(0);
  assert.deepEqual(printed.slice(2), ["out cell 1 1/2\n", "err notebooks: still running\n"]);
  io[1]!.out("ok: outputs match\n");
  assert.equal(printed.at(-1), "out ok: outputs match\n");
  // The third ended before the second: it is still held until the second ends, then printed whole.
  ended(2);
  assert.equal(printed.length, 5);
  ended(1);
  assert.deepEqual(printed.slice(5), ["err third: waiting\n"]);
});
