// The benchmark's entry point: ratios measured side by side, written to appendix C.
//   npm run bench -- [--reps N] [--process-reps N] [--only step,lookup,ledger,notebooks]
// Exit status: 0 appendix written, 2 bad input or a wrong install (nothing written).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { requirePinnedPi } from "../../examples/support/pin.ts";

const install = requirePinnedPi();
const { runBench } = await import("./run.ts");
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
process.exitCode = await runBench(process.argv.slice(2), install, root, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
