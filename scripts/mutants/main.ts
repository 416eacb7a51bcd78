// npm run mutants [-- --patch FILE] [--only REGEX] [--jobs N] [--json] | npm run mutants -- --render
// Runs the claim ledger against the pinned Pi broken one behaviour at a time (the specs in
// scripts/mutants/patches/) and checks that each patch flips the claims it declares.
import { relative } from "node:path";
import { readInstalledPi } from "../toolchain/pin.ts";
import { allChecks } from "../ledger/all-checks.ts";
import { commandLine, orExit, refuse, wholeNumber } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { DEFAULT_JOBS } from "../lib/pool.ts";
import { existsSync } from "node:fs";
import { APPENDIX_D_JSON, rerenderAppendixD, writeAppendixD } from "./appendix-d-mutants.ts";
import { ensurePatchedInstall, ensurePatchedListings } from "./patched-install.ts";
import { patchEntry, runMutants, runPassed, type PatchEntry } from "./run-mutants.ts";
import { shippedSpecFiles } from "./shipped.ts";
import { isListingPatch, isSpecProblem, readSpec } from "./spec.ts";
import { renderTable } from "./table.ts";

const COMMAND = {
  name: "mutants",
  usage: "usage: npm run mutants [-- --patch FILE] [--only REGEX | --declared-only] [--jobs N] [--json | --render]",
  details: [
    "Runs the ledger (in a child, through the release matrix's resolution hook) against a copy of the pinned",
    "Pi with one patch applied, for every spec in scripts/mutants/patches/, and against the unpatched copy;",
    "prints, per patch, the claims it declares, the claims that flipped (verdict down the scale",
    "holds > qualified > fails) and the missing and surplus flips. The pin's child runs every claim and finding;",
    "each patch's child runs those whose check ran Pi there (behavioural: appendix D states the rule) and,",
    "always, the claims the patch declares. Exit 1 when a declared claim did not flip, was not run, or a run",
    "failed; surplus flips are reported for review. A full run (no --patch, no --only) writes appendix/D-mutants.md and .json.",
    "  --patch FILE   run this spec instead of the shipped set (repeatable); exactly the fields package, file,",
    "                 find (found exactly once in the pinned file), replace, description, flips (claim ids);",
    '                 package "pi-book-companion" with file examples/…/step.ts or research-agent.ts patches a copy of',
    "                 that listing instead, which the ledger runs in place of ours (--listings)",
    "  --only REGEX   run the claims whose ids match (the ledger's --only; '.' adds the static claims) and the",
    "                 declared ones; writes nothing",
    "  --declared-only  each patch's child runs only the claims it declares (much faster; no surplus is measured);",
    "                 a full run with it still writes appendix D, which then says so",
    `  --jobs N       ledger children at once (default ${DEFAULT_JOBS})`,
    "  --json         print the run as JSON instead of the table",
    "  --render       run nothing: rewrite appendix/D-mutants.md from the committed D-mutants.json and the",
    "                 fixing patches (scripts/mutants/fixing-patches/*.json and no-patch.tsv) as they are now",
  ].join("\n"),
  options: {
    patch: { type: "string", multiple: true },
    only: { type: "string" },
    jobs: { type: "string" },
    json: { type: "boolean", default: false },
    "declared-only": { type: "boolean", default: false },
    render: { type: "boolean", default: false },
  },
} as const;

function parseCommandLine() {
  const { values } = commandLine(COMMAND);
  const jobs =
    values.jobs === undefined ? DEFAULT_JOBS : orExit(COMMAND, wholeNumber(COMMAND, "--jobs", values.jobs, 1));
  if (values.only !== undefined) {
    try {
      new RegExp(values.only);
    } catch (error) {
      refuse(COMMAND, `--only ${values.only}: not a regular expression (${(error as Error).message})`);
    }
  }
  if (values.only !== undefined && values["declared-only"])
    refuse(COMMAND, "--only and --declared-only both choose the claims; give one");
  if (
    values.render &&
    (values.patch !== undefined ||
      values.only !== undefined ||
      values.jobs !== undefined ||
      values.json ||
      values["declared-only"])
  )
    refuse(COMMAND, "--render runs nothing, so it takes no other option; give it alone");
  return {
    patches: values.patch,
    only: values.only,
    jobs,
    json: values.json,
    declaredOnly: values["declared-only"],
    render: values.render,
  };
}

/** Stops with one line (exit 2) for a spec or patch that cannot run: before any ledger starts. */
function refuseSpec(message: string): never {
  process.stderr.write(`${COMMAND.name}: ${message}\n`);
  process.exit(2);
}

/** Reads every spec and builds every patched install, refusing in one line at the first problem. */
function prepare(files: readonly string[]): PatchEntry[] {
  const known = new Set(allChecks.map((check) => check.id));
  return files.map((file) => {
    const shown = file.startsWith(`${PROJECT_ROOT}/`) ? relative(PROJECT_ROOT, file) : file;
    const spec = readSpec(file);
    if (isSpecProblem(spec)) refuseSpec(spec.message);
    const unknown = spec.flips.filter((id) => !known.has(id));
    if (unknown.length > 0) refuseSpec(`${shown}: "flips" names ${unknown.join(", ")}, not a claim id of the ledger`);
    const install = isListingPatch(spec) ? ensurePatchedListings(spec) : ensurePatchedInstall(spec);
    if ("kind" in install) refuseSpec(`${shown}: ${install.message}`);
    return patchEntry(shown, spec);
  });
}

/** --render: appendix D's Markdown again from its committed JSON, with no ledger run. */
function render(): void {
  if (!existsSync(APPENDIX_D_JSON))
    refuseSpec("--render: appendix/D-mutants.json is missing; a full npm run mutants writes it");
  rerenderAppendixD();
  process.stderr.write(`${COMMAND.name}: rewrote appendix/D-mutants.md from appendix/D-mutants.json\n`);
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  if (options.render) return render();
  const entries = prepare(options.patches ?? shippedSpecFiles());
  const progress = (line: string) => process.stderr.write(`${COMMAND.name}: ${line}\n`);
  progress(
    `${entries.length} patch${entries.length === 1 ? "" : "es"} and the pin, ${options.jobs} ledger${options.jobs === 1 ? "" : "s"} at a time`,
  );
  const run = await runMutants(entries, {
    only: options.only,
    jobs: options.jobs,
    progress,
    declaredOnly: options.declaredOnly,
  });
  const full = options.patches === undefined && options.only === undefined;
  if (full && !("failure" in run.pin) && run.results.every((r) => r.status === "measured")) {
    writeAppendixD(run);
    progress("wrote appendix/D-mutants.md and .json");
  }
  // The JSON names the Pi it patched (each patch is applied to a copy of this install).
  const installed = readInstalledPi();
  const pi =
    "kind" in installed ? installed.message : { core: installed.core, ai: installed.ai, typebox: installed.typebox };
  process.stdout.write(
    options.json
      ? JSON.stringify({ pi, node: process.versions.node, ...run }, null, 2) + "\n"
      : renderTable(run) + "\n",
  );
  process.exitCode = runPassed(run) ? 0 : 1;
}

await main();
