import { commandLine } from "../lib/cli.ts";
import { elapsed, oneVoiceAtATime, runWithHeartbeat, type StepOutput } from "../lib/heartbeat.ts";

// `npm test`: the typecheck and the notebooks run headless against their stored outputs, side by
// side, then every test; the tests run only when both passed.
commandLine({
  name: "test",
  usage: "usage: npm test",
  details: [
    "Runs the first two side by side (the notebooks' output after the typecheck's), then the third if both passed:",
    "  npm run typecheck   tsc over examples/ and scripts/",
    "  npm run notebooks   the three notebooks headless, outputs compared with the stored ones",
    "  npm run test:unit   every *.test.ts, drift checks of the generated files included, one file per core at once",
    "Timings in the README (npm run bench -- --only suite measures it); each step prints progress at least every 30 s.",
  ].join("\n"),
  options: {},
});
const npm = process.env.npm_execpath;
// npm's own entry point under the node that runs us, as npm itself does for scripts.
const [command, npmArgs] = npm === undefined ? ["npm", []] : [process.execPath, [npm]];
const run = (step: string, io?: StepOutput) =>
  // Each step prints its own progress within 25 s; this line only covers a step that does not.
  runWithHeartbeat(`test (${step})`, command, [...npmArgs, "run", "--silent", step], 29_000, io);
const started = Date.now();
// The typecheck and the notebooks side by side: neither reads what the other writes, and the
// typecheck leaves part of two cores idle. The notebooks' output follows the typecheck's.
const first = ["typecheck", "notebooks"];
const voices = oneVoiceAtATime(first.length);
const statuses = await Promise.all(
  first.map((step, i) =>
    run(step, voices.io[i]).then((status) => {
      voices.ended(i);
      return status;
    }),
  ),
);
const failed = first.flatMap((step, i) => (statuses[i] === 0 ? [] : [`npm run ${step} failed (exit ${statuses[i]})`]));
if (failed.length > 0) {
  process.stderr.write(`test: ${failed.join("; ")}; npm run test:unit did not run\n`);
  process.exit(statuses.find((status) => status !== 0));
}
const status = await run("test:unit");
if (status !== 0) {
  process.stderr.write(`test: npm run test:unit failed (exit ${status})\n`);
  process.exit(status);
}
process.stderr.write(`test: typecheck, notebooks and unit tests passed in ${elapsed(Date.now() - started)}\n`);
