import { commandLine } from "../lib/cli.ts";
import { runWithHeartbeat } from "../lib/heartbeat.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { testFiles } from "./test-files.ts";

// `npm run test:unit`: every *.test.ts under examples/ and scripts/ (fixtures aside) on Node's
// test runner, with a progress line whenever the runner has been silent for a while.
commandLine({
  name: "test:unit",
  usage: "usage: npm run test:unit",
  details:
    "Runs every *.test.ts under examples/ and scripts/ (not fixtures/) on Node's test runner, spec reporter.\n" +
    "One file: node --import tsx --test FILE",
  options: {},
});

const files = testFiles(PROJECT_ROOT);
process.stderr.write(
  `test:unit: ${files.length} test files; the slowest, scripts/notebooks/nbclient.test.ts, runs each notebook in Jupyter's client (minutes)\n`,
);
process.chdir(PROJECT_ROOT);
process.exitCode = await runWithHeartbeat("test:unit", process.execPath, [
  "--import",
  "tsx",
  "--test",
  "--test-reporter=spec",
  ...files,
]);
