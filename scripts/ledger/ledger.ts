import { PIN, type InstalledPi } from "../toolchain/pin.ts";
import { dropSharedPrograms } from "../toolchain/shared-program.ts";
import { measuredOn } from "../lib/environment.ts";
import { appendixFacts, appendixFiles, writeAppendixIfChanged } from "./appendix-a-dependencies.ts";
import { LEDGER_COMMAND, parseLedgerArgs } from "./ledger-command.ts";
import { npmTookMessage } from "../lib/cli.ts";
import { writeLastRunJson } from "./last-run.ts";
import { readAllClaims, type CatalogueRow, type Claim } from "./catalogue.ts";
import type { Check } from "./check.ts";
import { collectGarbage } from "./collect-garbage.ts";
import { NEGATIVE_CONTROL_MEANING, negativeControl } from "./negative-control.ts";
import { fitLines } from "../../examples/support/output-width.ts";
import { allChecks } from "./all-checks.ts";
import { isBareNpmStart, optionsNpmTook } from "./npm-took.ts";
import { describeChange, pinVerdictsOf, readPinVerdicts, writePinVerdictsIfChanged } from "./verdicts-at-pin.ts";
import { ledgerJson, ledgerText, verdictColumn, type LedgerJson, type LedgerRow } from "./render.ts";
import { runChecks, type Outcome } from "./run-checks.ts";
import { readerListingsRun } from "./reader-listings.ts";
import { refreshRegistryRecord } from "./checks/registry-record.ts";

/** Where the ledger writes: results to `out`, progress and problems to `err`. */
export interface LedgerIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether `err` is a terminal (progress then overwrites one line). */
  errIsTty: boolean;
  /** The widest line `out` takes: the terminal's columns, or 120 when it is not a terminal. */
  width?: number;
  /** The environment npm ran the ledger with (`npm_config_*` of options written without `--`). */
  env?: NodeJS.ProcessEnv;
}

const PREFIX = "pi-book-companion:";

function checkFor(claim: Claim, byId: ReadonlyMap<string, Check>): Check {
  return (
    byId.get(claim.id) ?? {
      id: claim.id,
      run: () => Promise.reject(new Error(`no check is registered for ${claim.id} (scripts/ledger/all-checks.ts)`)),
    }
  );
}

function isPinnedInstall(install: InstalledPi): boolean {
  return install.core === PIN.core && install.ai === PIN.ai && install.typebox === PIN.typebox;
}

/**
 * Runs the ledger over both catalogues (the book's claims, then the companion's findings)
 * and returns the exit status: 0 when the verification ran (whatever the verdicts), 1 when
 * a check crashed or the negative control stopped failing, 2 when it could not run (bad
 * arguments). `checks` is the registry unless a test substitutes its own, and so is the
 * catalogue.
 */
export async function runLedger(
  argv: readonly string[],
  install: InstalledPi,
  io: LedgerIo,
  checks: readonly Check[] = allChecks,
  catalogueOf: () => CatalogueRow[] = readAllClaims,
): Promise<number> {
  const args = parseLedgerArgs(argv);
  if (args.kind === "help") {
    io.out(`${args.text}\n`);
    return 0;
  }
  if (args.kind === "refused") {
    io.err(`${PREFIX} ${args.message}\n`);
    return 2;
  }
  const env = io.env ?? {};
  const took = optionsNpmTook(env);
  if (took.length > 0) {
    io.err(`${PREFIX} ${npmTookMessage(LEDGER_COMMAND, took)}\n`);
    return 2;
  }
  if (isBareNpmStart(env, argv)) {
    io.err(
      "every claim and finding; for a subset: npm start -- --only REGEX (without the --, npm takes --only itself and drops it)\n",
    );
  }
  if (args.refreshRegistry) refreshRegistryRecord();
  const catalogue = catalogueOf();
  const selected = args.only === undefined ? catalogue : catalogue.filter(({ claim }) => args.only!.test(claim.id));
  if (selected.length === 0) {
    io.err(
      `${PREFIX} --only ${args.only?.source} matches no id in chapters/claims.tsv or chapters/findings.tsv (ids look like ${catalogue[0]?.claim.id})\n`,
    );
    return 2;
  }
  // --listings DIR (main.ts has started this process with the listings hook): the reader's
  // files must compile and have the book's exports and shapes before anything runs them.
  const listings = args.listings === undefined ? undefined : await readerListingsRun(install, io.err);
  if (listings === "refused") return 2;
  if (listings !== undefined && !args.json)
    io.out(
      `Listings run: ${Object.entries(listings)
        .map(([name, file]) => `${name} from ${file}`)
        .join(", ")}\n`,
    );
  const byId = new Map(checks.map((check) => [check.id, check]));
  const toRun = [...selected.map(({ claim }) => checkFor(claim, byId)), negativeControl];

  // Progress counts the claims; the negative control is reported apart, once, after the table.
  let settledClaims = 0;
  const total = selected.length;
  // The report opens with the summary of every verdict, so it goes out once all are known;
  // its header goes out first, so that a reader sees at once what is being measured.
  let written = "";
  if (!args.json) {
    written = `${ledgerText(install, [], io.width).split("\n")[0]}\n`;
    io.out(written);
  }
  const outcomes = await runChecks(toRun, {
    concurrency: 4,
    // The program the type checks shared is most of the memory the ledger takes: let it go
    // before the checks that run the listings and start child processes.
    afterTypeChecks: () => {
      dropSharedPrograms();
      collectGarbage();
    },
    onSettled: (outcome) => {
      if (outcome.id === negativeControl.id) return;
      const line = `[${String(++settledClaims).padStart(String(total).length)}/${total}] ${verdictColumn(outcome).padEnd(13)} ${outcome.id}`;
      io.err(io.errIsTty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
  });
  if (io.errIsTty) io.err("\r\x1b[2K");

  const control = outcomes.pop()!;
  const rows: LedgerRow[] = selected.map(({ catalogue, claim }, i) => ({ catalogue, claim, outcome: outcomes[i]! }));
  if (args.json) {
    io.out(
      `${JSON.stringify({ ...ledgerJson(install, rows), ...(listings === undefined ? {} : { listings }) }, null, 2)}\n`,
    );
  } else {
    const text = `${ledgerText(install, rows, io.width, { wide: args.wide })}\n`;
    io.out(text.startsWith(written) ? text.slice(written.length) : text);
  }

  let status = 0;
  const crashes = rows.filter((r) => r.outcome.kind === "crash");
  if (crashes.length > 0) {
    io.err(
      `${PREFIX} ${crashes.length} check(s) crashed (${crashes.map((r) => r.claim.id).join(", ")}); a crash is not a verdict\n`,
    );
    status = 1;
  }
  const controlOk = control.kind === "result" && control.result.verdict === "fails";
  io.err(
    controlOk
      ? `${fitLines(`negative control (${negativeControl.claim}): fails, as it must. ${NEGATIVE_CONTROL_MEANING}`, io.width)}\n`
      : `${PREFIX} the negative control (${negativeControl.claim}) came out ${verdictColumn(control)}: the dependency check no longer measures\n`,
  );
  if (!controlOk) status = 1;

  // A run of a reader's listings is not the pin's measurement of the companion's code: it
  // never rewrites appendix A or the verdicts at the pin.
  if (args.write && args.only === undefined && listings === undefined && isPinnedInstall(install)) {
    const json = ledgerJson(install, rows);
    status = Math.max(status, writeAppendixFrom(install, outcomes, io), writePinVerdictsFrom(json, io));
    writeLastRunJson(json);
  }
  return status;
}

// Both files are tracked: each is rewritten only when a measured fact changed, so that a run
// that measured what was committed leaves `git status` clean.
function writeAppendixFrom(install: InstalledPi, outcomes: readonly Outcome[], io: LedgerIo): number {
  try {
    const facts = appendixFacts(install, outcomes);
    const written = writeAppendixIfChanged(appendixFiles(facts, measuredOn()));
    io.err(written ? "appendix A rewritten: a measured fact changed (commit appendix/)\n" : "appendix A: unchanged\n");
    return 0;
  } catch (error) {
    io.err(`${PREFIX} appendix A not written: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function writePinVerdictsFrom(json: LedgerJson, io: LedgerIo): number {
  const verdicts = pinVerdictsOf(json, readPinVerdicts());
  if ("crashed" in verdicts) {
    io.err(
      `${PREFIX} appendix/verdicts-at-pin.json not written: ${verdicts.crashed.join(", ")} crashed, and a crash is no verdict\n`,
    );
    return 1;
  }
  if (verdicts.kept.length > 0) {
    io.err(`the npm registry did not answer for ${verdicts.kept.join(", ")}: the committed verdict stays\n`);
  }
  const { written, created, changes } = writePinVerdictsIfChanged(verdicts);
  io.err(
    !written
      ? "verdicts at the pin: unchanged\n"
      : created
        ? `appendix/verdicts-at-pin.json written (${changes.length} ids)\n`
        : changes.length === 0
          ? "appendix/verdicts-at-pin.json rewritten (same verdicts; order or versions changed)\n"
          : `appendix/verdicts-at-pin.json rewritten, ${changes.length} verdict(s) changed; run npm run notebooks:generate (the notebooks' claim badges show them) and commit both with a line saying why: ${changes.map(describeChange).join("; ")}\n`,
  );
  return 0;
}
