import type { LedgerJson } from "../ledger/render.ts";

/** The rule, as appendix D states it. */
export const BEHAVIOURAL_RULE =
  "A claim (or finding) is behavioural when its check, run against the unpatched copy of the pin in this invocation, " +
  "loaded a module that runs Pi's code: a listing, demonstration or scenario that imports @earendil-works/pi-agent-core or pi-ai at run time, " +
  "directly or through the modules it imports (the ledger records every module a check loads and reports those in --json as ranPi). " +
  "It is decided by what the check did, not by where it is written or by a list: a check that only reads files " +
  "(package.json, README, dist/ specifiers, declarations) or only type-checks listings loads no such module, and is static. " +
  "A patch of dist/*.js can move a static claim only by breaking the file it reads, which is not the behaviour it describes. " +
  "The companion's own findings (chapters/findings.tsv) are scored beside the book's claims, in rows of their own.";

/** The behavioural ids of a ledger run (claims, then findings, in the ledger's order): those whose check ran Pi. */
export function behaviouralOf(report: Pick<LedgerJson, "claims"> & Partial<Pick<LedgerJson, "findings" | "ranPi">>) {
  const ran = report.ranPi ?? {};
  return [...report.claims, ...(report.findings ?? [])].map((entry) => entry.id).filter((id) => id in ran);
}
