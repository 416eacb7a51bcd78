// npm run listings -- DIR: a reader's copy of the book's listings (DIR/research-agent.ts
// and/or DIR/step.ts), type-checked strictly against the pin and run through the chapter
// tests that exercise the listings, in place of the companion's.
// Exit status: 0 every test passed, 1 a test failed, 2 bad input (nothing is written).
import { listingSources, readerListingsDir } from "../toolchain/listing-source.ts";
import { requirePinnedPi } from "../toolchain/pin.ts";
import { commandLine, refuse } from "../lib/cli.ts";
import { fromReader, forReader } from "../lib/reader-paths.ts";
import { checkFolder, listingsFolderOf } from "./check-listings.ts";
import { loadListingsOf, runsListingsOf } from "./listings-process.ts";

export const LISTINGS_COMMAND = {
  name: "listings",
  usage: "usage: npm run listings -- [--verbose] DIR | DIR/step.ts | DIR/research-agent.ts",
  details: [
    "DIR holds your research-agent.ts and/or step.ts, typed in from the book (the exports of its listings).",
    "Type-checks them strictly against the pinned Pi (each diagnostic at file:line), then runs the chapter tests",
    "that exercise the listings against them: one line per test, then `N passed, N failed`. Under a failing test,",
    "expected against actual and what produced it (the scripted responses), in two lines; --verbose: all of it.",
    "Exit 0 when every test passed, 1 when one failed, 2 when DIR cannot stand in for the listings.",
  ].join("\n"),
  options: { verbose: { type: "boolean" } },
  positionals: true,
} as const;

const { positionals, values } = commandLine(LISTINGS_COMMAND);
if (positionals.length !== 1)
  refuse(
    LISTINGS_COMMAND,
    positionals.length === 0 ? "give the folder of your listings" : `one folder, not ${positionals.length}`,
  );
const dir = readerListingsDir() ?? listingsFolderOf(fromReader("listings", positionals[0]!));
// Relative to where the reader typed the command, unless that climbs out of it.
const shown = (file: string) => (forReader("listings", file).startsWith("..") ? file : forReader("listings", file));
const folderProblem = checkFolder(dir, shown(dir));
if (folderProblem !== undefined) {
  process.stderr.write(`listings: ${folderProblem.lines[0]}\n`);
  process.exit(2);
}
const install = requirePinnedPi();
if (!runsListingsOf(dir)) await loadListingsOf(dir);
const { runListings } = await import("./run-listings.ts");
const theirs = listingSources()
  .filter((s) => s.reader)
  .map((s) => shown(s.file));
process.exitCode = await runListings(
  install,
  theirs,
  {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  },
  { verbose: values.verbose === true },
);
