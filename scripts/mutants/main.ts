// npm run mutants [-- --patch FILE] [--only REGEX] [--jobs N] [--json]
// Runs the claim ledger against the pinned Pi broken one behaviour at a time (the specs in
// scripts/mutants/patches/) and checks that each patch flips the claims it declares.
import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { parseArgs } from "node:util";
import { allChecks } from "../ledger/registry.ts";
import { ROOT } from "../matrix/paths.ts";
import { writeAppendixD } from "./appendix.ts";
import { behaviouralOnly } from "./behavioural.ts";
import { ensurePatchedInstall } from "./patched-install.ts";
import { patchEntry, runMutants, runPassed, type PatchEntry } from "./run.ts";
import { isSpecProblem, readSpec } from "./spec.ts";
import { shippedSpecFiles } from "./shipped.ts";
import { renderTable } from "./table.ts";

const USAGE = "usage: npm run mutants [-- --patch FILE] [--only REGEX] [--jobs N] [--json]";
const HELP = `${USAGE}

Runs the ledger (in a child, through the release matrix's resolution hook) against a copy of
the pinned Pi with one patch applied, for every spec in scripts/mutants/patches/, and against
the unpatched copy; compares each patch's verdicts with the pin's and prints, per patch, the
claims it declares, the claims that flipped, and the missing and surplus flips. Each child
runs the behavioural claims (appendix D states the rule) unless --only says otherwise. A claim flips
when its verdict goes down the scale holds > qualified > fails. Exit 1 when a declared claim
did not flip or a run failed; surplus flips are reported for review. A full run (no --patch,
no --only) writes appendix/D-mutants.md and .json.

  --patch FILE   run this spec instead of the shipped set (repeatable); fields: package, file,
                 find (found exactly once), replace, description, flips (claim ids)
  --only REGEX   run the claims whose ids match (the ledger's --only; '.' adds the static
                 claims); nothing is written
  --jobs N       ledger children at once (default ${Math.min(2, availableParallelism())}; each is CPU-heavy)
  --json         print the run as JSON instead of the table
  --help         this text
`;

function refuse(message: string): never {
  process.stderr.write(`mutants: ${message}\n`);
  process.exit(2);
}

function parseCommandLine() {
  let values;
  try {
    values = parseArgs({
      options: {
        patch: { type: "string", multiple: true },
        only: { type: "string" },
        jobs: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return refuse(`${(error as Error).message}; ${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const jobs = values.jobs === undefined ? Math.min(2, availableParallelism()) : Number(values.jobs);
  if (!Number.isSafeInteger(jobs) || jobs < 1) refuse(`--jobs ${values.jobs}: expected a whole number of at least 1; ${USAGE}`);
  if (values.only !== undefined) {
    try {
      new RegExp(values.only);
    } catch (error) {
      refuse(`--only ${values.only}: not a regular expression (${(error as Error).message}); ${USAGE}`);
    }
  }
  return { patches: values.patch, only: values.only, jobs, json: values.json };
}

/** Reads every spec and builds every patched install, refusing in one line at the first problem. */
function prepare(files: readonly string[]): PatchEntry[] {
  const known = new Set(allChecks.map((check) => check.id));
  return files.map((file) => {
    const shown = file.startsWith(`${ROOT}/`) ? relative(ROOT, file) : file;
    const spec = readSpec(file);
    if (isSpecProblem(spec)) refuse(spec.message);
    const unknown = spec.flips.filter((id) => !known.has(id));
    if (unknown.length > 0) refuse(`${shown}: "flips" names ${unknown.join(", ")}, not a claim id of the ledger`);
    const install = ensurePatchedInstall(spec);
    if ("kind" in install) refuse(`${shown}: ${install.message}`);
    return patchEntry(shown, spec);
  });
}

async function main(): Promise<void> {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  const options = parseCommandLine();
  const files = options.patches ?? shippedSpecFiles();
  const entries = prepare(files);
  // Static claims read files a patch of dist/*.js does not change; they cost most of a ledger run.
  const only = options.only ?? behaviouralOnly();
  const progress = (line: string) => process.stderr.write(`mutants: ${line}\n`);
  progress(`${entries.length} patch${entries.length === 1 ? "" : "es"} and the pin, ${options.jobs} ledger${options.jobs === 1 ? "" : "s"} at a time`);
  const run = await runMutants(entries, { only, jobs: options.jobs, progress });
  const full = options.patches === undefined && options.only === undefined;
  if (full && !("failure" in run.pin) && run.results.every((r) => r.status === "measured")) {
    writeAppendixD(run);
    progress("wrote appendix/D-mutants.md and .json");
  }
  process.stdout.write(options.json ? JSON.stringify(run, null, 2) + "\n" : renderTable(run) + "\n");
  process.exitCode = runPassed(run) ? 0 : 1;
}

await main();
