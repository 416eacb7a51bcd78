import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { firstRunDurationsFile, runTestFiles, SUITE_JOBS, suitePlan } from "./run-files.ts";

// `npm run test:unit`: every *.test.ts under examples/ and scripts/ (fixtures aside), the
// examples/ files and the scripts/ files that start no child in one process and every other
// file in a process of its own, as many at once as there are cores, with a progress line that
// counts files.
const { values } = commandLine({
  name: "test:unit",
  usage: "usage: npm run test:unit [-- --write-first-run-order]",
  details: [
    "Runs every *.test.ts under examples/ and scripts/ (not fixtures/) on Node's test runner, spec reporter,",
    `${SUITE_JOBS} files at once (one per core), the slowest of the last run first (in a clone without .cache/, of the`,
    "committed first run); the files that run the project's commands against the checkout never overlap each other,",
    "and the examples/ tests share one process with the scripts/ tests that start no child (test-files.ts says which).",
    "Each file's output is printed whole when it ends. Every file runs",
    "with PI_COMPANION_KERNEL_SNAPSHOT=off: its kernels start as on a fresh clone, and leave the checkout's snapshot alone.",
    "  --write-first-run-order  when every file passed, keep this run's durations in",
    `                           ${relative(PROJECT_ROOT, firstRunDurationsFile(PROJECT_ROOT))}, the order a clone without`,
    "                           .cache/ starts its files in (run it on a fresh clone, at idle)",
    "One file: node --import tsx --test FILE",
  ].join("\n"),
  options: { "write-first-run-order": { type: "boolean" } },
});

const plan = suitePlan(PROJECT_ROOT);
process.stderr.write(`test:unit: ${plan.files.length} test files, ${plan.jobs} at a time\n`);
process.exitCode = await runTestFiles(plan, PROJECT_ROOT);
if (values["write-first-run-order"]) {
  const kept = relative(PROJECT_ROOT, plan.firstRunDurationsFile!);
  if (process.exitCode === 0) {
    writeFileAtomically(plan.firstRunDurationsFile!, readFileSync(plan.durationsFile, "utf8"));
    process.stderr.write(`test:unit: wrote ${kept}\n`);
  } else
    process.stderr.write(`test:unit: ${kept} not written: a file failed, and a failed run's durations are no order\n`);
}
