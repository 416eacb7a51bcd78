import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { LedgerJsonEntry } from "../ledger/render.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compareWithPin, isFlip } from "./flips.ts";
import { patchEntry, runMutants, runPassed, type MutantsRun } from "./run-mutants.ts";
import { isSpecProblem, readSpec } from "./spec.ts";

const claim = (id: string, verdict: "holds" | "qualified" | "fails" | "not-checkable"): LedgerJsonEntry => ({
  id,
  label: "documented",
  verdict,
  evidence: `${id} ${verdict}`,
});
const crash = (id: string): LedgerJsonEntry => ({ id, label: "documented", crash: "TypeError: boom" });

test("flip: a verdict that goes down holds > qualified > fails flips; anything else does not", () => {
  assert.ok(isFlip("holds", "fails") && isFlip("holds", "qualified") && isFlip("qualified", "fails"));
  for (const [pin, patched] of [
    ["holds", "holds"],
    ["fails", "holds"],
    ["qualified", "holds"],
    ["holds", "not-checkable"],
    ["not-checkable", "fails"],
    ["holds", "crash"],
    ["holds", "absent"],
  ] as const) {
    assert.ok(!isFlip(pin, patched), `${pin} → ${patched}`);
  }
});

// Recorded verdicts: the pin's, and a patch's that flips a and c, crashes d and lifts e.
const pin = [
  claim("a", "holds"),
  claim("b", "holds"),
  claim("c", "qualified"),
  claim("d", "holds"),
  claim("e", "fails"),
];
const patched = [claim("a", "fails"), claim("b", "holds"), claim("c", "fails"), crash("d"), claim("e", "holds")];

test("compare: a declared claim that flipped is neither missing nor surplus; an undeclared flip is surplus", () => {
  const result = compareWithPin(pin, patched, ["a"]);
  assert.deepEqual(
    result.flipped.map((c) => `${c.id}:${c.pin}→${c.patched}`),
    ["a:holds→fails", "c:qualified→fails"],
  );
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.surplus, ["c"]);
  assert.deepEqual(
    result.otherChanges.map((c) => `${c.id}:${c.pin}→${c.patched}`),
    ["d:holds→crash", "e:fails→holds"],
  );
});

test("compare: a declared claim that did not flip (or only crashed) is missing, and the run fails", () => {
  const result = compareWithPin(pin, patched, ["a", "b", "d"]);
  assert.deepEqual(result.missing, ["b", "d"]);
  const entry = patchEntry("x.json", {
    package: "typebox",
    file: "f",
    find: "a",
    replace: "b",
    description: "d",
    flips: ["a", "b", "d"],
  });
  const run: MutantsRun = {
    pin: { claims: pin },
    results: [{ entry, seconds: 0, status: "measured", claims: patched, comparison: result }],
  };
  assert.equal(runPassed(run), false);
  const good: MutantsRun = {
    ...run,
    results: [{ ...run.results[0]!, comparison: compareWithPin(pin, patched, ["a"]) } as MutantsRun["results"][number]],
  };
  assert.equal(runPassed(good), true);
});

test("compare: a declared claim outside an --only narrowing is not run, not missing", () => {
  const result = compareWithPin(pin.slice(0, 1), patched.slice(0, 1), ["a", "z"]);
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.notRun, ["z"]);
});

test("mutants: a real child run of a spec that declares a claim which does not flip fails (ch37.tools.parallel-default)", async () => {
  const spec = readSpec(join(PROJECT_ROOT, "scripts", "mutants", "fixtures", "declares-unflipped.json"));
  assert.ok(!isSpecProblem(spec));
  // The pin's verdict as recorded (appendix A's ledger holds it); the patched copy is measured in a child.
  // --declared-only: the child runs the declared claim alone; the pin's other claims are not "absent" changes.
  const pinClaims = [claim("ch37.tools.parallel-default", "holds"), claim("ch37.callcount.two", "holds")];
  const run = await runMutants([patchEntry("declares-unflipped.json", spec)], {
    only: ".",
    declaredOnly: true,
    jobs: 1,
    progress: () => {},
    pinClaims,
  });
  const [result] = run.results;
  assert.equal(result?.status, "measured", JSON.stringify(result));
  assert.deepEqual(result.status === "measured" && result.comparison.missing, ["ch37.tools.parallel-default"]);
  assert.deepEqual(result.status === "measured" && result.comparison.otherChanges, []);
  assert.equal(runPassed(run), false);
});
