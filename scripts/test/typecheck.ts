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
// examples/support's plain-JavaScript modules (a worker without tsx; a preload) have one too.
const SUPPORT_MJS_PROJECT = join(PROJECT_ROOT, "examples", "support", "tsconfig.mjs.json");
commandLine({
  name: "typecheck",
  usage: "usage: npm run typecheck",
  details:
    "Type-checks examples/ and scripts/ with tsc -p . (strict, tsconfig.json), then the notebook kernel's .cjs files with tsc -p scripts/notebooks/kernel and examples/support's .mjs files with tsc -p examples/support/tsconfig.mjs.json (the same settings, with checkJs); prints the compiler's errors, or one line when there are none.",
  options: {},
});
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const { version } = createRequire(import.meta.url)("typescript/package.json") as { version: string };
const started = Date.now();
process.stderr.write(
  `typecheck: tsc ${version} -p ., -p scripts/notebooks/kernel and -p examples/support/tsconfig.mjs.json (about 50 s on 2 cores)…\n`,
);
// Each runs even when one before it fails, so one run shows every error.
const project = await runWithHeartbeat("typecheck", process.execPath, [tsc, "-p", PROJECT_ROOT]);
const kernel = await runWithHeartbeat("typecheck (kernel)", process.execPath, [tsc, "-p", KERNEL_PROJECT]);
const supportMjs = await runWithHeartbeat("typecheck (support .mjs)", process.execPath, [
  tsc,
  "-p",
  SUPPORT_MJS_PROJECT,
]);
const status = [project, kernel, supportMjs].find((s) => s !== 0) ?? 0;
if (status === 0) {
  process.stdout.write(
    `typecheck: no errors in examples/, scripts/, the kernel's .cjs and examples/support's .mjs (tsc ${version}, strict, ${elapsed(Date.now() - started)})\n`,
  );
}
process.exitCode = status;
