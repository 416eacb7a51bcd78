import assert from "node:assert/strict";
import { before, test } from "node:test";
import { compareWithDeclared, declaredErrorCodes } from "../../toolchain/compile.ts";
import { compileChapterListings, LISTINGS, type ListingVerdicts } from "./listings-compile.ts";

// One program for all listings: type-checking Pi's declarations costs seconds, so pay it once.
let verdicts: ListingVerdicts;
before(() => {
  const result = compileChapterListings();
  assert.ok(!("kind" in result), "kind" in result ? result.message : "");
  verdicts = result;
});

test("ch37.types.untyped-params-unknown: the untyped tool annotating params as { query: string } fails with TS2322, as it declares", () => {
  const { diagnostics, outcome } = verdicts.untypedParams;
  assert.deepEqual(declaredErrorCodes(LISTINGS.untypedParams), [2322]);
  assert.deepEqual(outcome, { kind: "as-declared", codes: [2322] });
  assert.equal(diagnostics.length, 1);
  assert.match(diagnostics[0]!.message, /Type 'unknown' is not assignable to type '\{ query: string; \}'/);
});

test("ch37.code.listing-compiles: lookupEvidence (AgentTool<typeof LookupParams>) and makeResearchAgent compile with no diagnostics", () => {
  assert.deepEqual(verdicts.researchAgent.diagnostics, []);
});

test("ch37.types.streamfn-compiles: models.streamSimple.bind(models) type-checks as streamFn beside initialState { systemPrompt, model, tools }", () => {
  assert.deepEqual(verdicts.researchAgent.outcome, { kind: "as-declared", codes: [] });
});

test("ch37.types.untyped-params-unknown: a listing that declares the wrong code is caught (negative control)", () => {
  const produced = verdicts.untypedParams.diagnostics.map((d) => ({ ...d, code: 2345 }));
  const outcome = compareWithDeclared(LISTINGS.untypedParams, produced);
  assert.equal(outcome.kind, "mismatch");
  assert.ok(outcome.kind === "mismatch" && outcome.message.endsWith("declares TS2322 but produced TS2345"));
});
