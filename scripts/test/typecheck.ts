import { createRequire } from "node:module";
import { join } from "node:path";
import { commandLine } from "../lib/cli.ts";
import { elapsed, runWithHeartbeat } from "../lib/heartbeat.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

// `npm run typecheck`: tsc over the project, then over the notebook kernel's CommonJS, with a
// line while it works and one when it is done. The kernel has a project of its own
// (allowJs, checkJs): in tsconfig.json those options would reach the compiler options the
// ledger and the matrix compile the book's listings with (examples/support/compile.ts).
const KERNEL_PROJECT = join(PROJECT_ROOT, "scripts", "notebooks", "kernel");
commandLine({
  name: "typecheck",
  usage: "usage: npm run typecheck",
  details:
    "Type-checks examples/ and scripts/ with tsc -p . (strict, tsconfig.json), then the notebook kernel's .cjs files with tsc -p scripts/notebooks/kernel (the same settings, with checkJs); prints the compiler's errors, or one line when there are none.",
  options: {},
});
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const { version } = createRequire(import.meta.url)("typescript/package.json") as { version: string };
const started = Date.now();
process.stderr.write(`typecheck: tsc ${version} -p . and -p scripts/notebooks/kernel (about 50 s on 2 cores)…\n`);
// Both run even when the first fails, so one run shows every error.
const project = await runWithHeartbeat("typecheck", process.execPath, [tsc, "-p", PROJECT_ROOT]);
const kernel = await runWithHeartbeat("typecheck (kernel)", process.execPath, [tsc, "-p", KERNEL_PROJECT]);
const status = project !== 0 ? project : kernel;
if (status === 0) {
  process.stdout.write(
    `typecheck: no errors in examples/, scripts/ and the kernel's .cjs (tsc ${version}, strict, ${elapsed(Date.now() - started)})\n`,
  );
}
process.exitCode = status;
