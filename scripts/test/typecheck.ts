import { createRequire } from "node:module";
import { commandLine } from "../lib/cli.ts";
import { elapsed, runWithHeartbeat } from "../lib/heartbeat.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

// `npm run typecheck`: tsc over the project, with a line while it works and one when it is done.
commandLine({
  name: "typecheck",
  usage: "usage: npm run typecheck",
  details: "Type-checks examples/ and scripts/ with tsc -p . (strict, tsconfig.json); prints the compiler's errors, or one line when there are none.",
  options: {},
});
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const { version } = createRequire(import.meta.url)("typescript/package.json") as { version: string };
const started = Date.now();
process.stderr.write(`typecheck: tsc ${version} -p . (about 40 s on 2 cores)…\n`);
const status = await runWithHeartbeat("typecheck", process.execPath, [tsc, "-p", PROJECT_ROOT]);
if (status === 0) process.stdout.write(`typecheck: no errors in examples/ and scripts/ (tsc ${version}, strict, ${elapsed(Date.now() - started)})\n`);
process.exitCode = status;
