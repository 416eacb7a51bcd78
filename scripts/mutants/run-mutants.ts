import { basename } from "node:path";
import type { LedgerJsonEntry } from "../ledger/render.ts";
import { idsOnly } from "../ledger/ledger-command.ts";
import { isLedgerRunFailure, runLedgerAgainst, type LedgerRunFailure } from "../matrix/ledger-run.ts";
import { mapWithConcurrency } from "../lib/pool.ts";
import { behaviouralOf } from "./behavioural.ts";
import { compareWithPin, type PatchComparison } from "./flips.ts";
import { ensurePatchedInstall, ensurePatchedListings, type PatchEdit } from "./patched-install.ts";
import { isListingPatch, type PatchSpec } from "./spec.ts";

/** A spec to run, with where it came from. */
export interface PatchEntry {
  /** The spec file's name without .json: the patch's name in tables. */
  name: string;
  /** The spec file as given (relative to the project for the shipped ones). */
  source: string;
  spec: PatchSpec;
}

/** Why a patch (or the pin) has no verdicts. */
export interface RunFailure {
  kind: LedgerRunFailure["kind"] | "find-not-unique" | "pin-not-installed" | "file-unreadable";
  message: string;
}

/** One patch's outcome. */
export type PatchResult = { entry: PatchEntry; installKey?: string; seconds: number } & (
  | { status: "measured"; claims: LedgerJsonEntry[]; comparison: PatchComparison }
  | { status: "failed"; failure: RunFailure }
);

/** A whole run: the pin's verdicts (or why there are none) and each patch's result. */
export interface MutantsRun {
  /** True when each patch ran only its declared claims, so surplus flips were not measured. */
  declaredOnly?: boolean;
  pin: { claims: LedgerJsonEntry[]; ranPi: Record<string, string[]> } | { failure: RunFailure };
  /** The ids the pin's run found behavioural (its check ran Pi), claims then findings. */
  behavioural: string[];
  results: PatchResult[];
}

/** The entry for a spec file. */
export function patchEntry(source: string, spec: PatchSpec): PatchEntry {
  return { name: basename(source).replace(/\.json$/, ""), source, spec };
}

type Measured =
  { key: string; claims: LedgerJsonEntry[]; ranPi: Record<string, string[]> } | { key?: string; failure: RunFailure };

/**
 * Builds (or reuses) the install for `edit` and runs the ledger against it in a child. A
 * listing patch runs the unpatched install with the patched copy of our listings (`--listings`).
 */
async function measure(edit: PatchEdit | undefined, only: string, ledgerEntry: string | undefined): Promise<Measured> {
  const listing = edit !== undefined && isListingPatch(edit);
  const install = ensurePatchedInstall(listing ? undefined : edit);
  if ("kind" in install) return { failure: { kind: install.kind, message: install.message } };
  const listings = listing ? ensurePatchedListings(edit) : undefined;
  if (listings !== undefined && "kind" in listings)
    return { failure: { kind: listings.kind, message: listings.message } };
  const report = await runLedgerAgainst(
    install,
    ledgerEntry,
    only,
    listings === undefined ? [] : ["--listings", listings.dir],
  );
  if (isLedgerRunFailure(report)) return { key: install.key, failure: report };
  // Findings are judged like claims: a patch may declare that one of them flips.
  return {
    key: install.key,
    claims: [...report.claims, ...(report.findings ?? [])],
    ranPi: report.ranPi ?? {},
  };
}

/** Options of {@link runMutants}. */
export interface RunOptions {
  /**
   * The ledger's --only: which claims each child runs besides the patch's declared ones,
   * which always run. Without it: the claims the pin's run found behavioural.
   */
  only?: string;
  /** Each patch's child runs only the claims it declares: no surplus is measured. */
  declaredOnly?: boolean;
  /** Ledger children at once. */
  jobs: number;
  progress: (line: string) => void;
  /** The ledger entry the children run (tests pass a fixture). */
  ledgerEntry?: string;
  /** The pin's run when already known (tests pass recorded ones); otherwise a child measures the unpatched copy first. */
  pin?: { claims: LedgerJsonEntry[]; ranPi: Record<string, string[]> };
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

/** The ledger's --only for the ids `only` matches and every id of `ids`. */
function onlyAnd(only: string, ids: readonly string[]): string {
  return ids.length === 0 ? only : `(?:${only})|${idsOnly(ids)}`;
}

/**
 * Runs the ledger against the unpatched copy of the pin (every claim, or `only` and every
 * declared one), then against each patch, `jobs` children at a time, and compares each
 * patch's verdicts with the pin's. A patch's child runs its declared claims whatever `only` says.
 */
export async function runMutants(entries: readonly PatchEntry[], options: RunOptions): Promise<MutantsRun> {
  const total = entries.length + (options.pin === undefined ? 1 : 0);
  let done = 0;
  const timed = async (name: string, work: () => Promise<Measured>) => {
    const started = performance.now();
    options.progress(`${name}: running the ledger in a child`);
    const outcome = await work();
    const took = seconds(started);
    const summary =
      "failure" in outcome
        ? `${outcome.failure.kind}: ${outcome.failure.message}`
        : `${outcome.claims.length} claims measured`;
    options.progress(`[${++done}/${total}] ${name}: ${summary} (${took} s)`);
    return { outcome, took };
  };
  // The pin first: its run decides which claims are behavioural, which the patches then run.
  const pinOutcome: Measured =
    options.pin === undefined
      ? (
          await timed("the pin (unpatched copy)", () =>
            measure(
              undefined,
              options.only === undefined
                ? "."
                : onlyAnd(
                    options.only,
                    entries.flatMap((e) => e.spec.flips),
                  ),
              options.ledgerEntry,
            ),
          )
        ).outcome
      : { key: "recorded", ...options.pin };
  const pin: MutantsRun["pin"] =
    "failure" in pinOutcome ? { failure: pinOutcome.failure } : { claims: pinOutcome.claims, ranPi: pinOutcome.ranPi };
  const behavioural = "failure" in pinOutcome ? [] : behaviouralOf(pinOutcome);
  const base = options.only ?? idsOnly(behavioural);
  const onlyFor = (entry: PatchEntry) =>
    options.declaredOnly ? idsOnly(entry.spec.flips) : onlyAnd(base, entry.spec.flips);
  const patchRuns = await mapWithConcurrency(entries, options.jobs, (entry) =>
    timed(entry.name, () => measure(entry.spec, onlyFor(entry), options.ledgerEntry)),
  );

  const results = entries.map((entry, index): PatchResult => {
    const { outcome, took } = patchRuns[index]!;
    const common = { entry, installKey: outcome.key, seconds: took };
    if ("failure" in outcome) return { ...common, status: "failed", failure: outcome.failure };
    if ("failure" in pin)
      return {
        ...common,
        status: "failed",
        failure: { kind: "ledger-crashed", message: "no pin verdicts to compare with" },
      };
    // Compare the claims this patch's child was asked to run: the pin's run has more.
    const asked = new RegExp(onlyFor(entry));
    const pinClaims = pin.claims.filter((claim) => asked.test(claim.id));
    return {
      ...common,
      status: "measured",
      claims: outcome.claims,
      comparison: compareWithPin(pinClaims, outcome.claims, entry.spec.flips),
    };
  });
  return { declaredOnly: options.declaredOnly === true, pin, behavioural, results };
}

/**
 * True when the pin was measured, and every patch was measured and flipped every claim it
 * declared; a declared claim that either run left out fails it as a missing flip does.
 */
export function runPassed(run: MutantsRun): boolean {
  return (
    !("failure" in run.pin) &&
    run.results.every(
      (r) => r.status === "measured" && r.comparison.missing.length === 0 && r.comparison.notRun.length === 0,
    )
  );
}
