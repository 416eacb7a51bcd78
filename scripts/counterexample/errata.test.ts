import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { it } from "node:test";
import { counterexampleFiles } from "./files.ts";
import { ERRATA_PATH, measureErrata, readRewordings, renderErrata } from "./errata.ts";

// Appendix E is written by npm run errata; a stale copy, or a counterexample without a proposed
// rewording, fails here.

it("appendix E: appendix/E-errata.md is what npm run errata writes now (run it after a counterexample or rewording changes)", async () => {
  assert.equal(readFileSync(ERRATA_PATH, "utf8"), renderErrata(await measureErrata()));
});

it("appendix E: chapters/rewordings.tsv has one proposed wording per counterexample, and none for an id without one", () => {
  assert.deepEqual(
    [...readRewordings().keys()].sort(),
    counterexampleFiles().map((f) => f.id),
  );
});

it("appendix E: a malformed rewordings.tsv row is refused naming its line", () => {
  assert.throws(() => readRewordings("id\tproposed\nch38.x\n"), /rewordings\.tsv line 2: expected id<tab>proposed/);
});
