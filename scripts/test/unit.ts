import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { runTestFiles, SUITE_JOBS, suitePlan } from "./run-files.ts";

// `npm run test:unit`: every *.test.ts under examples/ and scripts/ (fixtures aside), each
// scripts/ file in a process of its own and the examples/ files in one, as many at once as
// there are cores, with a progress line that counts files.
commandLine({
  name: "test:unit",
  usage: "usage: npm run test:unit",
  details:
    `Runs every *.test.ts under examples/ and scripts/ (not fixtures/) on Node's test runner, spec reporter,\n` +
    `${SUITE_JOBS} files at once (one per core), the slowest of the last run first; the files that run the project's\n` +
    "commands against the checkout never overlap each other, and the examples/ tests share one process.\n" +
    "Each file's output is printed whole when it ends.\n" +
    "One file: node --import tsx --test FILE",
  options: {},
});

const plan = suitePlan(PROJECT_ROOT);
process.stderr.write(`test:unit: ${plan.files.length} test files, ${plan.jobs} at a time\n`);
process.exitCode = await runTestFiles(plan, PROJECT_ROOT);
