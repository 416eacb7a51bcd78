import assert from "node:assert/strict";
import { test } from "node:test";
import { runBesideAgentsMd } from "./no-agents-md.ts";

test("ch37.no-agents-md: with AGENTS.md and APPEND_SYSTEM.md in the working directory, no request carries their text", async () => {
  const run = await runBesideAgentsMd();
  assert.deepEqual(run.filesPresent, ["AGENTS.md", "APPEND_SYSTEM.md"]);
  assert.equal(run.requests, 1);
  assert.deepEqual(run.markersInRequests, []);
  assert.deepEqual(run.markersInTranscript, []);
});
