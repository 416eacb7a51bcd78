import type { CatalogueName, Claim } from "./catalogue.ts";
import type { Outcome } from "./run-checks.ts";

/** One ledger row: a claim (the book's, or a finding of the companion) and what its check produced. */
export interface LedgerRow {
  catalogue: CatalogueName;
  claim: Claim;
  outcome: Outcome;
}
