import assert from "node:assert/strict";
import { test } from "node:test";
import { counterexampleSection } from "./counterexample-time.ts";

test("bench.counterexamples: each counterexample's npx tsx cold and warm beside the start-up, the slowest of each against the 2 s goal, with the load", () => {
  const section = counterexampleSection(
    { file: "scripts/bench/noop.ts", cold: [900, 1100], warm: [800, 1000] },
    [
      {
        file: "examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts",
        cold: [1800, 2000],
        warm: [1500, 1700],
      },
      {
        file: "examples/ch37-agent-core/counterexamples/ch37.exports.setDefaultStreamFn.ts",
        cold: [9000, 11000],
        warm: [1900, 1900],
      },
    ],
    "load 0.5 at the start, 0.7 at the end, 2 cores",
    2,
  );
  assert.equal(section.kind, "measured");
  if (section.kind !== "measured") return;
  assert.deepEqual(section.tables[0]!.rows, [
    ["scripts/bench/noop.ts (start-up only)", "1.00 s", "900 ms"],
    ["ch38.provider-kind.ts", "1.90 s", "1.60 s"],
    ["ch37.exports.setDefaultStreamFn.ts", "10.0 s", "1.90 s"],
  ]);
  assert.equal(
    section.findings[0],
    "npx tsx on a counterexample, measured at load 0.5 at the start, 0.7 at the end, 2 cores: " +
      "cold, the slowest is ch37.exports.setDefaultStreamFn.ts at 10.0 s: over the 2.00 s goal (1 of 2 over it); " +
      "warm, the slowest is ch37.exports.setDefaultStreamFn.ts at 1.90 s: within the 2.00 s goal (0 of 2 over it). " +
      "Start-up alone (npx, tsx, Node) takes 900 ms warm.",
  );
});
