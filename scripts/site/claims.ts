import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APPENDIX_JSON, type AppendixFacts } from "../ledger/appendix-a-dependencies.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import { LAST_RUN_JSON } from "../ledger/last-run.ts";
import { PIN_VERDICTS_PATH, type PinVerdicts } from "../ledger/verdicts-at-pin.ts";
import type { LedgerJson, LedgerJsonEntry } from "../ledger/render.ts";
import { PIN } from "../toolchain/pin.ts";
import { loadReleaseMatrix, RELEASES_JSON } from "./releases.ts";

/** The ledger's finding for one claim: a verdict, or "crashed" when its check crashed; evidence when known. */
export interface LedgerVerdict {
  verdict: string;
  evidence: string;
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

function fromEntry(entry: LedgerJsonEntry): LedgerVerdict {
  return "crash" in entry ? { verdict: "crashed", evidence: entry.crash } : { verdict: entry.verdict, evidence: entry.evidence };
}

/** Where the verdicts the badges show come from. */
export interface VerdictSources {
  /** The committed verdicts at the pin (default {@link PIN_VERDICTS_PATH}). */
  committed?: string;
  /** A ledger run's JSON (default {@link LAST_RUN_JSON}: the last full run at the pin, not committed; read only while the committed verdicts are missing, or with `npm run site -- --ledger FILE`); its evidence is shown where its verdict agrees. */
  ledger?: string;
  /** Read the verdicts from `ledger` rather than the committed file (`npm run site -- --ledger FILE`). */
  preferLedger?: boolean;
  /** Appendix B's data (default {@link RELEASES_JSON}): its column of the pin gives evidence where nothing newer does. */
  releases?: string;
}

/** Appendix B's evidence in the pin's own column, by id: committed, so a clean clone has evidence for every claim. */
function pinColumnEvidence(path: string): Map<string, LedgerVerdict> {
  const matrix = loadReleaseMatrix(path);
  const entries = [...(matrix?.claims ?? []), ...(matrix?.findings ?? [])];
  return new Map(entries.flatMap((entry) => {
    const atPin = entry.verdicts[PIN.core];
    return atPin === undefined ? [] : [[entry.id, atPin] as const];
  }));
}

/**
 * The verdict of every claim at the pin. A clean clone renders the committed verdicts, so
 * its pages match those of the machine that ran the ledger. Evidence comes from a stored
 * ledger run, else appendix A, else appendix B's column of the pin, and only where that
 * source's verdict is the one shown. Without a committed file (before the ledger first wrote it) the stored run's
 * verdicts are shown, then appendix A's. Claims in none have no entry.
 */
export function loadVerdicts(sources: VerdictSources = {}): Map<string, LedgerVerdict> {
  const committed = readJson<PinVerdicts>(sources.committed ?? PIN_VERDICTS_PATH);
  const ledger = readJson<Partial<LedgerJson>>(sources.ledger ?? LAST_RUN_JSON);
  const evidence = new Map<string, LedgerVerdict>();
  for (const v of readJson<Pick<AppendixFacts, "verdicts">>(join(APPENDIX_DIR, APPENDIX_JSON))?.verdicts ?? []) {
    evidence.set(v.id, { verdict: v.verdict, evidence: v.evidence });
  }
  for (const entry of [...(ledger?.claims ?? []), ...(ledger?.findings ?? [])]) evidence.set(entry.id, fromEntry(entry));
  if (committed === undefined || (sources.preferLedger && ledger !== undefined)) return evidence;
  const matrix = pinColumnEvidence(sources.releases ?? RELEASES_JSON);
  const verdicts = new Map<string, LedgerVerdict>();
  for (const [id, verdict] of Object.entries(committed.verdicts)) {
    const known = [evidence.get(id), matrix.get(id)].find((source) => source?.verdict === verdict);
    verdicts.set(id, { verdict, evidence: known?.evidence ?? "" });
  }
  return verdicts;
}
