import { basename } from "node:path";
import type { LedgerJsonEntry } from "../ledger/render.ts";
import { idsOnly } from "../ledger/ledger-command.ts";
import { isLedgerRunFailure, runLedgerAgainst, type LedgerRunFailure } from "../matrix/ledger-run.ts";
import { mapWithConcurrency } from "../lib/pool.ts";
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
  pin: { claims: LedgerJsonEntry[] } | { failure: RunFailure };
  results: PatchResult[];
}

/** The entry for a spec file. */
export function patchEntry(source: string, spec: PatchSpec): PatchEntry {
  return { name: basename(source).replace(/\.json$/, ""), source, spec };
}

type Measured = { key: string; claims: LedgerJsonEntry[] } | { key?: string; failure: RunFailure };

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
  return { key: install.key, claims: [...report.claims, ...(report.findings ?? [])] };
}

/** Options of {@link runMutants}. */
export interface RunOptions {
  /** The ledger's --only: which claims each child runs. */
  only: string;
  /** Each patch's child runs only the claims it declares (the pin's, all declared ones): no surplus is measured. */
  declaredOnly?: boolean;
  /** Ledger children at once. */
  jobs: number;
  progress: (line: string) => void;
  /** The ledger entry the children run (tests pass a fixture). */
  ledgerEntry?: string;
  /** The pin's verdicts when already known (tests pass recorded ones); otherwise a child measures the unpatched copy. */
  pinClaims?: LedgerJsonEntry[];
}

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

/**
 * Runs the ledger against the unpatched copy of the pin and against each patch, `jobs`
 * children at a time, and compares each patch's verdicts with the pin's.
 */
export async function runMutants(entries: readonly PatchEntry[], options: RunOptions): Promise<MutantsRun> {
  const measurePin = options.pinClaims === undefined;
  const total = entries.length + (measurePin ? 1 : 0);
  let done = 0;
  const jobs: (PatchEntry | "pin")[] = measurePin ? ["pin", ...entries] : [...entries];
  const measured = await mapWithConcurrency(jobs, options.jobs, async (job) => {
    const started = performance.now();
    const name = job === "pin" ? "the pin (unpatched copy)" : job.name;
    options.progress(`${name}: running the ledger in a child`);
    const claims = job === "pin" ? entries.flatMap((e) => e.spec.flips) : job.spec.flips;
    const only = options.declaredOnly ? idsOnly(claims) : options.only;
    const outcome = await measure(job === "pin" ? undefined : job.spec, only, options.ledgerEntry);
    const took = seconds(started);
    const summary =
      "failure" in outcome
        ? `${outcome.failure.kind}: ${outcome.failure.message}`
        : `${outcome.claims.length} claims measured`;
    options.progress(`[${++done}/${total}] ${name}: ${summary} (${took} s)`);
    return { outcome, took };
  });

  const patchRuns = measurePin ? measured.slice(1) : measured;
  const pinOutcome: Measured = measurePin ? measured[0]!.outcome : { key: "recorded", claims: options.pinClaims! };
  const pin: MutantsRun["pin"] =
    "failure" in pinOutcome ? { failure: pinOutcome.failure } : { claims: pinOutcome.claims };
  const results = entries.map((entry, index): PatchResult => {
    const { outcome, took } = patchRuns[index]!;
    const base = { entry, installKey: outcome.key, seconds: took };
    if ("failure" in outcome) return { ...base, status: "failed", failure: outcome.failure };
    if ("failure" in pin)
      return {
        ...base,
        status: "failed",
        failure: { kind: "ledger-crashed", message: "no pin verdicts to compare with" },
      };
    // With --declared-only a patch's child ran its own claims only: compare those, not the pin's whole set.
    const measuredIds = new Set(outcome.claims.map((claim) => claim.id));
    const pinClaims = options.declaredOnly ? pin.claims.filter((claim) => measuredIds.has(claim.id)) : pin.claims;
    return {
      ...base,
      status: "measured",
      claims: outcome.claims,
      comparison: compareWithPin(pinClaims, outcome.claims, entry.spec.flips),
    };
  });
  return { declaredOnly: options.declaredOnly === true, pin, results };
}

/** True when every patch was measured and flipped every claim it declared, and the pin was measured. */
export function runPassed(run: MutantsRun): boolean {
  return (
    !("failure" in run.pin) && run.results.every((r) => r.status === "measured" && r.comparison.missing.length === 0)
  );
}
