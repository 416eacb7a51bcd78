import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APPENDIX_DIR, APPENDIX_JSON, type AppendixFacts } from "../ledger/appendix.ts";
import type { LedgerJson } from "../ledger/render.ts";
import { PROJECT_ROOT } from "./project.ts";

/** The latest ledger finding for one claim: a verdict, or "crashed" when its check crashed. */
export interface LedgerVerdict {
  verdict: string;
  evidence: string;
}

/**
 * Where a full ledger run is read from: the `npm start --silent -- --json` document. It is
 * not committed; `npm run site -- --ledger FILE` reads another file.
 */
export const LEDGER_JSON = join(PROJECT_ROOT, ".cache", "ledger.json");

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

/**
 * The latest verdict of every claim the ledger has judged: those of appendix A (committed
 * by the ledger's last full run on the pin), overridden by a full ledger run's JSON when
 * `ledgerPath` exists. Claims in neither have no entry.
 */
export function loadVerdicts(ledgerPath: string = LEDGER_JSON): Map<string, LedgerVerdict> {
  const verdicts = new Map<string, LedgerVerdict>();
  for (const v of readJson<Pick<AppendixFacts, "verdicts">>(join(APPENDIX_DIR, APPENDIX_JSON))?.verdicts ?? []) {
    verdicts.set(v.id, { verdict: v.verdict, evidence: v.evidence });
  }
  for (const c of readJson<LedgerJson>(ledgerPath)?.claims ?? []) {
    verdicts.set(c.id, "crash" in c ? { verdict: "crashed", evidence: c.crash } : { verdict: c.verdict, evidence: c.evidence });
  }
  return verdicts;
}
