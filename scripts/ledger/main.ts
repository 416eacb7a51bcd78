// The ledger's entry point: refuse a wrong install before anything imports Pi.
import { exitQuietlyWhenClosed } from "../lib/cli.ts";
import { fitLines } from "../lib/output-width.ts";
import { requirePinnedPi } from "../../examples/support/pin.ts";
import { parseArgs } from "./args.ts";

exitQuietlyWhenClosed();
// --help answers whatever is installed: only a run needs the pinned Pi.
const line = parseArgs(process.argv.slice(2));
if (line.kind === "help") {
  process.stdout.write(`${fitLines(line.text)}\n`);
  process.exit(0);
}
const install = requirePinnedPi();
const { runLedger } = await import("./ledger.ts");
const status = await runLedger(process.argv.slice(2), install, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
  width: process.stdout.isTTY ? process.stdout.columns : 120,
  env: process.env,
});
process.exitCode = status;
// A check that timed out may still hold the event loop; once output has drained, do not wait for it.
setTimeout(() => process.exit(status), 2_000).unref();
