import { availableParallelism } from "node:os";
import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { durationsFile, runTestFiles } from "./run-files.ts";
import { runsTheCheckout, testFiles } from "./test-files.ts";

// `npm run test:unit`: every *.test.ts under examples/ and scripts/ (fixtures aside), each file
// its own `node --test` process, as many at once as there are cores, with a progress line that
// counts files.
const JOBS = availableParallelism();
commandLine({
  name: "test:unit",
  usage: "usage: npm run test:unit",
  details:
    `Runs every *.test.ts under examples/ and scripts/ (not fixtures/) on Node's test runner, spec reporter,\n` +
    `${JOBS} files at once (one per core), the slowest of the last run first; the files that run the project's\n` +
    "commands against the checkout never overlap each other. Each file's output is printed whole when it ends.\n" +
    "One file: node --import tsx --test FILE",
  options: {},
});

const files = testFiles(PROJECT_ROOT);
process.stderr.write(`test:unit: ${files.length} test files, ${JOBS} at a time\n`);
process.exitCode = await runTestFiles(
  {
    files,
    jobs: JOBS,
    oneAtATime: new Set(files.filter((file) => runsTheCheckout(PROJECT_ROOT, file))),
    durationsFile: durationsFile(PROJECT_ROOT),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
  PROJECT_ROOT,
);
