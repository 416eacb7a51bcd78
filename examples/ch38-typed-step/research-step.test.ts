import assert from "node:assert/strict";
import { test } from "node:test";
import { releaseCorpus } from "../ch37-agent-core/support/corpus.ts";
import { checkCitations } from "./citation-check.ts";
import { blindSpotDemo, researchDemo } from "./demonstrations/step-demos.ts";

test("a step with extraTools: [lookupEvidence(corpus)] looks up, then returns a typed value", async () => {
  const run = await researchDemo();
  assert.deepEqual(run.value, { verdict: "supported", citations: ["notes-1"] });
  assert.equal(run.providerRequests, 2);
  assert.deepEqual(run.problems, []);
});

test("the citation check rejects a citation that is not exactly an evidence id", () => {
  assert.deepEqual(checkCitations(["notes-1", "Notes-1", "notes-9"], releaseCorpus), [
    { kind: "unknown-citation", citation: "Notes-1" },
    { kind: "unknown-citation", citation: "notes-9" },
  ]);
});

test("the citation check's blind spot: a real item cited for the wrong claim passes", async () => {
  const run = await blindSpotDemo();
  assert.ok(
    run.citedTexts.length === 1 && !/shipped/i.test(run.citedTexts[0]!),
    "the cited item says nothing about shipping",
  );
  assert.deepEqual(run.problems, [], "yet the check passes it");
});
