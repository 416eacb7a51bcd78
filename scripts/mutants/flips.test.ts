import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { LedgerJsonEntry } from "../ledger/render.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compareWithPin, isFlip, type PatchComparison } from "./flips.ts";
import { patchEntry, runMutants, runPassed, type MutantsRun } from "./run-mutants.ts";
import { isSpecProblem, readSpec } from "./spec.ts";
import { renderTable } from "./table.ts";

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

/** A run of one patch (declaring `flips`) against the recorded pin, with its measured claims and comparison. */
function measuredRun(flips: string[], claims: LedgerJsonEntry[], comparison: PatchComparison): MutantsRun {
  const entry = patchEntry("x.json", {
    package: "typebox",
    file: "f",
    find: "a",
    replace: "b",
    description: "d",
    flips,
  });
  return {
    pin: { claims: pin, ranPi: {} },
    behavioural: [],
    results: [{ entry, seconds: 0, status: "measured", claims, comparison }],
  };
}

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
  const run = measuredRun(["a", "b", "d"], patched, result);
  assert.equal(runPassed(run), false);
  const good: MutantsRun = {
    ...run,
    results: [{ ...run.results[0]!, comparison: compareWithPin(pin, patched, ["a"]) } as MutantsRun["results"][number]],
  };
  assert.equal(runPassed(good), true);
});

test("compare: a declared claim that either run left out is not run, and that fails the run as a missing flip does", () => {
  const result = compareWithPin(pin.slice(0, 1), patched.slice(0, 1), ["a", "z"]);
  assert.deepEqual(result.missing, []);
  assert.deepEqual(result.notRun, ["z"]);
  const dropped = compareWithPin(pin, patched.slice(1), ["a"]);
  assert.deepEqual(dropped.notRun, ["a"]);
  assert.deepEqual(
    dropped.otherChanges.map((c) => c.id),
    ["d", "e"],
    "the dropped declared claim is reported once",
  );
  const run = measuredRun(["a"], patched.slice(1), dropped);
  assert.equal(runPassed(run), false);
  assert.match(renderTable(run), /FAIL: declared claim not run/);
});

const FIXTURES = join(PROJECT_ROOT, "scripts", "mutants", "fixtures");
const unflipped = () => {
  const spec = readSpec(join(FIXTURES, "declares-unflipped.json"));
  assert.ok(!isSpecProblem(spec));
  return spec;
};

test("mutants: a real child run of a spec that declares a claim which does not flip fails (ch37.tools.parallel-default)", async () => {
  // The pin's verdict as recorded (appendix A's ledger holds it); the patched copy is measured in a child.
  // --declared-only: the child runs the declared claim alone; the pin's other claims are not "absent" changes.
  const pinClaims = [claim("ch37.tools.parallel-default", "holds"), claim("ch37.callcount.two", "holds")];
  const run = await runMutants([patchEntry("declares-unflipped.json", unflipped())], {
    declaredOnly: true,
    jobs: 1,
    progress: () => {},
    pin: { claims: pinClaims, ranPi: {} },
  });
  const [result] = run.results;
  assert.equal(result?.status, "measured", JSON.stringify(result));
  assert.deepEqual(result.status === "measured" && result.comparison.missing, ["ch37.tools.parallel-default"]);
  assert.deepEqual(result.status === "measured" && result.comparison.otherChanges, []);
  assert.equal(runPassed(run), false);
});

test("mutants: a child ledger that leaves a declared claim unrun fails the command, never a quiet pass (fixture ledger)", async () => {
  // The fixture ledger answers every --only with ch37.callcount.two alone: the declared
  // ch37.tools.parallel-default is never measured against the patch.
  const pinClaims = [claim("ch37.tools.parallel-default", "holds"), claim("ch37.callcount.two", "holds")];
  const run = await runMutants([patchEntry("declares-unflipped.json", unflipped())], {
    jobs: 1,
    progress: () => {},
    ledgerEntry: join(FIXTURES, "ledger-skips-declared.ts"),
    pin: { claims: pinClaims, ranPi: { "ch37.callcount.two": ["examples/ch37-agent-core/research-agent.ts"] } },
  });
  const [result] = run.results;
  assert.equal(result?.status, "measured", JSON.stringify(result));
  assert.deepEqual(result.status === "measured" && result.comparison.notRun, ["ch37.tools.parallel-default"]);
  assert.equal(runPassed(run), false);
  assert.match(renderTable(run), /declares-unflipped .* FAIL: declared claim not run/);
  assert.match(renderTable(run), /not run: {2}ch37\.tools\.parallel-default {2}\(declared but not measured/);
});
