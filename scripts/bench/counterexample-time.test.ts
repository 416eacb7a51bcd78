import assert from "node:assert/strict";
import { test } from "node:test";
import { counterexampleSection, type NodeTimes } from "./counterexample-time.ts";

const LOAD = "load 0.5 at the start, 0.7 at the end, 2 cores";

const node20: NodeTimes = {
  node: "Node 20.20.2",
  startUp: { file: "scripts/bench/noop.ts", cold: [900, 1100], warm: [800, 1000] },
  piOnly: { file: "scripts/bench/pi-only.ts", cold: [1500, 1500], warm: [1400, 1400] },
  files: [
    { file: "examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts", cold: [1800, 2000], warm: [1500, 1700] },
    {
      file: "examples/ch37-agent-core/counterexamples/ch37.exports.setDefaultStreamFn.ts",
      cold: [9000, 11000],
      warm: [1900, 1900],
    },
  ],
};

const node22: NodeTimes = {
  node: "Node 22.23.5",
  startUp: { file: "scripts/bench/noop.ts", cold: [700, 700], warm: [600, 600] },
  piOnly: { file: "scripts/bench/pi-only.ts", cold: [900, 900], warm: [800, 800] },
  files: [
    { file: "examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts", cold: [1000, 1000], warm: [900, 900] },
    {
      file: "examples/ch37-agent-core/counterexamples/ch37.exports.setDefaultStreamFn.ts",
      cold: [2100, 2300],
      warm: [1200, 1200],
    },
  ],
};

test("bench.counterexamples: each counterexample's npx tsx cold and warm under Node 20 and Node 22 side by side, beside the two floors, the slowest of each against the 2 s goal, with the load", () => {
  const section = counterexampleSection([node20, node22], LOAD, 2);
  assert.equal(section.kind, "measured");
  if (section.kind !== "measured") return;
  assert.deepEqual(section.tables[0]!.header, [
    "file",
    "Node 20.20.2, cold",
    "Node 20.20.2, warm",
    "Node 22.23.5, cold",
    "Node 22.23.5, warm",
  ]);
  assert.deepEqual(section.tables[0]!.rows, [
    ["scripts/bench/noop.ts (start-up only)", "1.00 s", "900 ms", "700 ms", "600 ms"],
    ["scripts/bench/pi-only.ts (start-up and Pi)", "1.50 s", "1.40 s", "900 ms", "800 ms"],
    ["ch38.provider-kind.ts", "1.90 s", "1.60 s", "1.00 s", "900 ms"],
    ["ch37.exports.setDefaultStreamFn.ts", "10.0 s", "1.90 s", "2.20 s", "1.20 s"],
  ]);
  assert.deepEqual(section.findings, [
    `Node 20.20.2: npx tsx on a counterexample, measured at ${LOAD}: ` +
      "cold, the slowest is ch37.exports.setDefaultStreamFn.ts at 10.0 s: over the 2.00 s goal (1 of 2 over it); " +
      "warm, the slowest is ch37.exports.setDefaultStreamFn.ts at 1.90 s: within the 2.00 s goal (0 of 2 over it). " +
      "Start-up alone (npx, tsx, Node) takes 900 ms warm; importing Pi's two packages adds 500 ms to it.",
    `Node 22.23.5: npx tsx on a counterexample, measured at ${LOAD}: ` +
      "cold, the slowest is ch37.exports.setDefaultStreamFn.ts at 2.20 s: over the 2.00 s goal (1 of 2 over it); " +
      "warm, the slowest is ch37.exports.setDefaultStreamFn.ts at 1.20 s: within the 2.00 s goal (0 of 2 over it). " +
      "Start-up alone (npx, tsx, Node) takes 600 ms warm; importing Pi's two packages adds 200 ms to it.",
  ]);
});

test("bench.counterexamples: without a Node 22 the section has this Node's columns and says why Node 22's are missing", () => {
  const section = counterexampleSection([node20], LOAD, 2, "the npm registry could not be reached");
  assert.equal(section.kind, "measured");
  if (section.kind !== "measured") return;
  assert.deepEqual(section.tables[0]!.header, ["file", "Node 20.20.2, cold", "Node 20.20.2, warm"]);
  assert.equal(section.findings.at(-1), "Node 22: not measured (the npm registry could not be reached).");
});
