// The benchmark's entry point: ratios measured side by side, written to appendix C.
//   npm run bench -- [--reps N] [--process-reps N] [--only step,lookup,ledger,notebooks,kernels,suite,counterexamples]
// Exit status: 0 appendix written, 2 bad input or a wrong install (nothing written).
import { requirePinnedPi } from "../toolchain/pin.ts";
import { exitQuietlyWhenClosed, orExit } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { BENCH_COMMAND, parseBenchArgs } from "./bench-command.ts";

exitQuietlyWhenClosed();
const args = orExit(BENCH_COMMAND, parseBenchArgs(process.argv.slice(2)));
const install = requirePinnedPi();
const { runBench } = await import("./run-bench.ts");
process.exitCode = await runBench(args, install, PROJECT_ROOT, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
