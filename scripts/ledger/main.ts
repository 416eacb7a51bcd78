// The ledger's entry point: refuse a wrong install before anything imports Pi.
import { exitQuietlyWhenClosed } from "../lib/cli.ts";
import { fitLines } from "../../examples/support/output-width.ts";
import { requirePinnedPi } from "../toolchain/pin.ts";
import { parseLedgerArgs } from "./ledger-command.ts";
import { fromReader } from "../lib/reader-paths.ts";
import { checkFolder, listingsFolderOf } from "../listings/check-listings.ts";
import { rerunWithListings, runsListingsOf } from "../listings/listings-process.ts";

exitQuietlyWhenClosed();
// --help answers whatever is installed: only a run needs the pinned Pi.
const line = parseLedgerArgs(process.argv.slice(2));
if (line.kind === "help") {
  process.stdout.write(`${fitLines(line.text)}\n`);
  process.exit(0);
}
const install = requirePinnedPi();
if (line.kind === "run" && line.listings !== undefined) {
  // The reader's listings run in a child started with the listings hook, so that every import
  // of a listing, in the ledger and in the processes it starts, loads the reader's file.
  const dir = listingsFolderOf(fromReader("start", line.listings));
  const problem = checkFolder(dir, line.listings);
  if (problem !== undefined) {
    process.stderr.write(`pi-book-companion: --listings ${problem.lines[0]}\n`);
    process.exit(2);
  }
  if (!runsListingsOf(dir)) {
    process.exitCode = await rerunWithListings(dir, process.argv.slice(2));
    process.exit();
  }
}
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
