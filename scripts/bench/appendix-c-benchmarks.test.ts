import assert from "node:assert/strict";
import { test } from "node:test";
import { renderAppendixC, type BenchEnvironment } from "./appendix-c-benchmarks.ts";
import { BENCH_COMMAND, parseBenchArgs } from "./bench-command.ts";

const env: BenchEnvironment = {
  date: "2026-11-29T12:00:00.000Z",
  node: "20.20.2",
  pi: { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" },
  commit: "abc123",
  uncommitted: true,
  cpus: 2,
  cpuModel: "Test CPU",
  os: "linux 6",
  load: { start: 1.5, end: 2.25 },
};

test("bench appendix: the environment, each measured table, and every skipped section with its reason", () => {
  const text = renderAppendixC(env, [
    {
      kind: "measured",
      title: "Alpha",
      method: "How alpha was timed.",
      tables: [{ header: ["a", "b"], rows: [["1", "2"]] }],
      findings: ["alpha is 2×"],
    },
    { kind: "skipped", title: "Beta", reason: "beta does not exist yet" },
  ]);
  assert.match(text, /^# Appendix C — Benchmarks\n/);
  assert.match(text, /Written by `npm run bench`/);
  for (const fact of [
    "20.20.2",
    "1.0.3 / 1.0.3 / 1.3.27",
    "abc123 (the working tree had uncommitted changes)",
    "2 × Test CPU",
    "1.50 / 2.25",
    "2026-11-29T12:00:00.000Z",
  ]) {
    assert.ok(text.includes(fact), fact);
  }
  assert.match(
    text,
    /## Alpha\n\nHow alpha was timed\.\n\n\| a \| b \|\n\| --- \| --- \|\n\| 1 \| 2 \|\n\n- alpha is 2×/,
  );
  assert.match(text, /## Beta\n\nNot measured: beta does not exist yet\./);
});

test("bench args: defaults, overrides, and bad input refused in one line that ends with the usage", () => {
  assert.deepEqual(parseBenchArgs([]), {
    reps: 15,
    processReps: 1,
    only: ["step", "lookup", "ledger", "notebooks", "kernels", "suite", "counterexamples"],
  });
  assert.deepEqual(parseBenchArgs(["--reps=3", "--process-reps", "2", "--only", "lookup,step"]), {
    reps: 3,
    processReps: 2,
    only: ["lookup", "step"],
  });
  const refusals = [
    [["--reps", "0"], "--reps 0: expected a whole number of at least 1"],
    [["--only", "disk"], "--only disk: expected some of step,lookup,ledger,notebooks,kernels,suite,counterexamples"],
    [["--fast"], "unknown option --fast"],
  ] as const;
  for (const [argv, problem] of refusals) {
    const parsed = parseBenchArgs(argv);
    assert.ok("kind" in parsed && parsed.kind === "refused", argv.join(" "));
    assert.equal(parsed.message, `${problem}; ${BENCH_COMMAND.usage}`);
  }
});
