import assert from "node:assert/strict";
import { test } from "node:test";
import { availableParallelism } from "node:os";
import { elapsed } from "../lib/heartbeat.ts";
import { notMeasuredBecause, suiteSection } from "./suite-time.ts";

test("bench.suite: npm test is set against the sum of its parts, repetition by repetition, with the load and the 5-minute target", () => {
  // Two repetitions: npm test 400 s and 600 s beside parts of 200 s and 200 s (ratios 2× and 3×).
  const section = suiteSection(
    [400_000, 600_000],
    [200_000, 200_000],
    { typecheck: [60_000, 60_000], ledger: [90_000, 90_000], notebooks: [50_000, 50_000] },
    "load 1.0 at the start, 1.2 at the end, 2 cores",
    2,
  );
  assert.equal(section.kind, "measured");
  if (section.kind !== "measured") return;
  assert.deepEqual(section.tables[0]!.rows, [
    ["npm test", "8 min 20 s", "2.50×"],
    ["sum of the parts", "3 min 20 s", "1.00×"],
    ["  typecheck", "1 min 00 s", ""],
    ["  ledger", "1 min 30 s", ""],
    ["  notebooks", "50 s", ""],
  ]);
  assert.equal(
    section.findings[0],
    "npm test takes 8 min 20 s, 2.50× the sum of its parts (quartiles 2.25×–2.75×), measured side by side at load 1.0 at the start, 1.2 at the end, 2 cores; target at most 5 min 00 s on two idle cores: over it.",
  );
  const within = suiteSection([240_000], [200_000], { typecheck: [1], ledger: [1], notebooks: [1] }, "load 0.1", 1);
  assert.ok(within.kind === "measured" && /within it\.$/.test(within.findings[0]!), JSON.stringify(within));
});

test("bench.suite: a failed npm test is not a time, and the reason names the failing files from its stdout", () => {
  const reason = notMeasuredBecause("test", {
    ms: 1,
    status: 1,
    stdoutTail: "test:unit: 2 of 159 files failed: scripts/site/pages.test.ts, scripts/site/links.test.ts",
    stderrTail: "test: npm run test:unit failed (exit 1)",
  });
  assert.equal(
    reason,
    "npm test exited with status 1 (test:unit: 2 of 159 files failed: scripts/site/pages.test.ts, scripts/site/links.test.ts | test: npm run test:unit failed (exit 1)); a run that did not pass is not a time",
  );
});

test("bench.suite: with a census, the section shows npm test's CPU by kind of process and the least wall time that CPU needs on these cores", () => {
  const root = "/home/me/pi-book";
  const rows = [
    { pid: 1, ppid: 0, argv: [`${root}/scripts/notebooks/kernel/start-kernel.cjs`], cwd: root, cpuSeconds: 300 },
    { pid: 2, ppid: 0, argv: [`${root}/scripts/ledger/main.ts`], cwd: root, cpuSeconds: 100 },
  ];
  // Two runs (medians of 6 min 40 s); the census counted the last, of 7 min 00 s.
  const section = suiteSection(
    [380_000, 420_000],
    [200_000, 200_000],
    { typecheck: [1, 1], ledger: [1, 1], notebooks: [1, 1] },
    "load 0.1",
    2,
    { rows, ms: 420_000, root },
  );
  assert.ok(section.kind === "measured");
  assert.deepEqual(section.tables[1]!.rows.at(-1), ["every Node process", "2", "400.0 s", "100%"]);
  const cores = availableParallelism();
  const least = (400 / cores) * 1000;
  assert.equal(
    section.findings[1],
    `The last npm test's 2 Node processes used 400 CPU-s (Python's Jupyter clients and Chromium not counted): on ${cores} cores that is at least ${elapsed(least)} of its 7 min 00 s, ${least > 300_000 ? "more than the 5 min 00 s target: reaching it needs less CPU, not only better packing" : "within the 5 min 00 s target: the rest is waiting and packing"}.`,
  );
});
