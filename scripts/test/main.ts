import { commandLine } from "../lib/cli.ts";
import { elapsed, runWithHeartbeat } from "../lib/heartbeat.ts";

// `npm test`: the typecheck, the notebooks run headless against their stored outputs, then every
// test, stopping at the first step that fails.
commandLine({
  name: "test",
  usage: "usage: npm test",
  details: [
    "Runs, in order, stopping at the first that fails:",
    "  npm run typecheck   tsc over examples/ and scripts/",
    "  npm run notebooks   the three notebooks headless, outputs compared with the stored ones",
    "  npm run test:unit   every *.test.ts, drift checks of the generated files included, one file per core at once",
    "Timings in the README (npm run bench -- --only suite measures it); each step prints progress at least every 30 s.",
  ].join("\n"),
  options: {},
});
const npm = process.env.npm_execpath;
const steps = ["typecheck", "notebooks", "test:unit"];
const started = Date.now();
for (const step of steps) {
  // npm's own entry point under the node that runs us, as npm itself does for scripts.
  const [command, args] = npm === undefined ? ["npm", []] : [process.execPath, [npm]];
  // Each step prints its own progress within 25 s; this line only covers a step that does not.
  const status = await runWithHeartbeat(`test (${step})`, command, [...args, "run", "--silent", step], 29_000);
  if (status !== 0) {
    process.stderr.write(`test: npm run ${step} failed (exit ${status}); the later steps did not run\n`);
    process.exit(status);
  }
}
process.stderr.write(`test: typecheck, notebooks and unit tests passed in ${elapsed(Date.now() - started)}\n`);
