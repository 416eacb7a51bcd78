// The benchmark's entry point: ratios measured side by side, written to appendix C.
//   npm run bench -- [--reps N] [--process-reps N] [--only step,lookup,ledger,notebooks]
// Exit status: 0 appendix written, 2 bad input or a wrong install (nothing written).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { requirePinnedPi } from "../../examples/support/pin.ts";
import { exitQuietlyWhenClosed, orExit } from "../lib/cli.ts";
import { BENCH_COMMAND, parseBenchArgs } from "./args.ts";

exitQuietlyWhenClosed();
const args = orExit(BENCH_COMMAND, parseBenchArgs(process.argv.slice(2)));
const install = requirePinnedPi();
const { runBench } = await import("./run.ts");
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
process.exitCode = await runBench(args, install, root, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
