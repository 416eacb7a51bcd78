import assert from "node:assert/strict";
import { test } from "node:test";
import { measureLookupBounds } from "./lookup-bounds.ts";

test("ch37.lookup.bounded: seven long matches give five 500-character excerpts (120 before the match) and the omitted line", async () => {
  const run = await measureLookupBounds();
  assert.deepEqual(run, { matching: 7, hitLines: 5, omittedLine: true, longestExcerpt: 500, contextBefore: 120 });
});
