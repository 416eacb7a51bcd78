import assert from "node:assert/strict";
import { test } from "node:test";
import { releaseCorpus } from "../ch37-agent-core/corpus.ts";
import { scriptedModels } from "../support/scripted.ts";
import { checkCitations } from "./citation-check.ts";
import { researchStep } from "./research-step.ts";
import { lookup, submit, toolUse } from "./script.ts";

const CLAIM = "Claim: release 2.4 shipped.";

test("a step with extraTools: [lookupEvidence(corpus)] looks up, then returns a typed value", async () => {
  const { faux, models, model } = scriptedModels([
    toolUse(lookup("2.4 shipped")),
    toolUse(submit({ verdict: "supported", citations: ["notes-1"] })),
  ]);
  const value = await researchStep(models, model, releaseCorpus, CLAIM);
  assert.deepEqual(value, { verdict: "supported", citations: ["notes-1"] });
  assert.equal(faux.state.callCount, 2);
  assert.deepEqual(checkCitations(value.citations, releaseCorpus), []);
});

test("the citation check rejects a citation that is not exactly an evidence id", () => {
  assert.deepEqual(checkCitations(["notes-1", "Notes-1", "notes-9"], releaseCorpus), [
    { kind: "unknown-citation", citation: "Notes-1" },
    { kind: "unknown-citation", citation: "notes-9" },
  ]);
});

test("the citation check's blind spot: a real item cited for the wrong claim passes", async () => {
  const { models, model } = scriptedModels([toolUse(submit({ verdict: "supported", citations: ["ticket-311"] }))]);
  const value = await researchStep(models, model, releaseCorpus, CLAIM);
  const cited = releaseCorpus.find((item) => item.id === "ticket-311");
  assert.ok(cited !== undefined && !/shipped/i.test(cited.text), "ticket-311 is about a flickering theme, not the release");
  assert.deepEqual(checkCitations(value.citations, releaseCorpus), [], "yet the check passes it");
});
