import type { PackageKey } from "../toolchain/pin.ts";
import type { CheckResult } from "../ledger/check.ts";
import type { LedgerJsonEntry } from "../ledger/render.ts";
import type { Column } from "./columns.ts";

/** How far a column got. Only `measured` columns have verdicts. */
export type ColumnStatus = "measured" | "install-failed" | "probe-mismatch" | "ledger-refused" | "ledger-crashed";

/** One column's outcome, as the matrix and appendix B describe it. */
export interface ColumnResult {
  key: string;
  kind: Column["kind"];
  /** The pi-agent-core version asked for. */
  core: string;
  /** What npm installed (absent when the install failed). */
  installed?: Record<PackageKey, string>;
  status: ColumnStatus;
  /** The port the book's code ran through there ("the 1.5 port: …"); absent where it runs as printed. */
  port?: string;
  /** Why a column that is not `measured` has no verdicts. */
  message?: string;
  /** The Node that ran the ledger. */
  node?: string;
  claims: LedgerJsonEntry[];
  /** The companion's findings measured there (chapters/findings.tsv), apart from the book's claims. */
  findings?: LedgerJsonEntry[];
}

/** A check that crashed in one column: no verdict there, and the error says why. */
export interface CrashedCheck {
  id: string;
  error: string;
}

/** A claim across the columns: one verdict per measured column. */
export interface MatrixClaim {
  id: string;
  label: string;
  verdicts: Record<string, CheckResult>;
}

/** The port of the book's code to the newest measured release, and the proof that it compiles. */
export interface PortProof {
  /** The release (column key) it was type-checked against. */
  release: string;
  /** "the 1.5 port: …" */
  port: string;
  /** The port as a unified diff against the chapters' modules (apply with -p1). */
  diff: string;
  /** Strict diagnostics of the ported copy of examples/ against the release; absent when the diff did not apply. */
  diagnostics?: { file: string | undefined; line: number | undefined; code: number; message: string }[];
  /** Why it could not be type-checked. */
  problem?: string;
  /**
   * When the diff and its type-check were made again on later code than the verdicts'
   * (`npm run matrix -- --proof-only`); absent when both come from one run.
   */
  provedAt?: { date: string; commit: string };
}

/** What `npm run matrix -- --json` prints and appendix B's JSON holds. */
export interface Matrix {
  /** Column keys in order: releases oldest first, then the unpinned column. */
  versions: string[];
  claims: MatrixClaim[];
  /** The companion's findings, one row per finding id, like the claims. */
  findings: MatrixClaim[];
  /** Each column's install and status (why a column has no verdicts), and its crashed checks. */
  columns: (Omit<ColumnResult, "claims"> & { crashes: CrashedCheck[] })[];
  /** The port to the newest release, when the book's code needs one there. */
  portProof?: PortProof;
}

/** One row per id of `entries` across the columns, in the ledger's order. */
function rowsOf(
  results: readonly ColumnResult[],
  entries: (column: ColumnResult) => readonly LedgerJsonEntry[],
): MatrixClaim[] {
  const byId = new Map<string, MatrixClaim>();
  for (const column of results) {
    for (const claim of entries(column)) {
      let row = byId.get(claim.id);
      if (row === undefined) {
        row = { id: claim.id, label: claim.label, verdicts: {} };
        byId.set(claim.id, row);
      }
      if ("verdict" in claim) row.verdicts[column.key] = { verdict: claim.verdict, evidence: claim.evidence };
    }
  }
  return [...byId.values()];
}

/** Folds the columns' ledger claims, and apart from them its findings, into one row per id, in the ledger's order. */
export function buildMatrix(results: readonly ColumnResult[]): Matrix {
  return {
    versions: results.map((r) => r.key),
    claims: rowsOf(results, (column) => column.claims),
    findings: rowsOf(results, (column) => column.findings ?? []),
    columns: results.map(({ claims, findings, ...column }) => ({
      ...column,
      crashes: [...claims, ...(findings ?? [])].flatMap((c) => ("crash" in c ? [{ id: c.id, error: c.crash }] : [])),
    })),
  };
}
