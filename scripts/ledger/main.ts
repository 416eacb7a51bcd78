// The ledger's entry point: refuse a wrong install before anything imports Pi.
import { requirePinnedPi } from "../../examples/support/pin.ts";

const install = requirePinnedPi();
const { runLedger } = await import("./ledger.ts");
const status = await runLedger(process.argv.slice(2), install, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTty: process.stderr.isTTY === true,
});
process.exitCode = status;
// A check that timed out may still hold the event loop; once output has drained, do not wait for it.
setTimeout(() => process.exit(status), 2_000).unref();
