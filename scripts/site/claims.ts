import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The latest ledger verdict of one claim. */
export interface LedgerVerdict {
  verdict: string;
  evidence: string;
}

/** Where the ledger stores its latest run (the `npm start -- --json` document). */
export const LEDGER_JSON = "appendix/ledger.json";

/** Latest verdicts by claim id; empty when the ledger has not run yet. */
export function loadVerdicts(root: string, path: string = LEDGER_JSON): Map<string, LedgerVerdict> {
  const verdicts = new Map<string, LedgerVerdict>();
  const full = join(root, path);
  if (!existsSync(full)) return verdicts;
  const ledger = JSON.parse(readFileSync(full, "utf8")) as { claims?: { id: string; verdict: string; evidence: string }[] };
  for (const c of ledger.claims ?? []) verdicts.set(c.id, { verdict: c.verdict, evidence: c.evidence });
  return verdicts;
}
