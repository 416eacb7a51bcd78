import type { InstalledPi } from "../../examples/support/pin.ts";
import { BOOK_PIN } from "../../examples/support/pin.ts";
import { chapterOf, type Claim } from "./catalogue.ts";
import type { Verdict } from "./check.ts";
import type { Outcome } from "./run.ts";

/** One ledger row: a catalogue claim and what its check produced. */
export interface LedgerRow {
  claim: Claim;
  outcome: Outcome;
}

/** The `--json` document: the measured versions, Node, and one entry per claim. */
export interface LedgerJson {
  pin: { core: string; ai: string; typebox: string };
  node: string;
  claims: ({ id: string; label: string; verdict: Verdict; evidence: string } | { id: string; label: string; crash: string })[];
}

/** The `--json` document for a run; a crashed check carries `crash` (its error) instead of a verdict. */
export function ledgerJson(install: InstalledPi, rows: readonly LedgerRow[], node = process.versions.node): LedgerJson {
  return {
    pin: { core: install.core, ai: install.ai, typebox: install.typebox },
    node,
    claims: rows.map(({ claim, outcome }) =>
      outcome.kind === "result"
        ? { id: claim.id, label: claim.label, verdict: outcome.result.verdict, evidence: outcome.result.evidence }
        : { id: claim.id, label: claim.label, crash: outcome.error },
    ),
  };
}

/** What a row shows in the verdict column: the verdict, or "CRASH". */
export function verdictColumn(outcome: Outcome): Verdict | "CRASH" {
  return outcome.kind === "result" ? outcome.result.verdict : "CRASH";
}

function evidenceColumn(outcome: Outcome): string {
  return outcome.kind === "result" ? outcome.result.evidence : `check crashed: ${outcome.error}`;
}

/** The header line: what was measured, where, and that it stands in for the book's pin. */
export function ledgerHeader(install: InstalledPi, node = process.versions.node): string {
  const standIn = install.core === BOOK_PIN ? "the book's pin" : `stand-in for the book's ${BOOK_PIN}`;
  return `Claim ledger: pi-agent-core ${install.core} (${standIn}), pi-ai ${install.ai}, typebox ${install.typebox}, Node ${node}`;
}

/** The ledger grouped by chapter: id, label, verdict, evidence on one line per claim. */
export function ledgerTable(rows: readonly LedgerRow[]): string {
  const chapters = [...new Set(rows.map((r) => chapterOf(r.claim.id)))];
  const idWidth = Math.max(...rows.map((r) => r.claim.id.length));
  const labelWidth = Math.max(...rows.map((r) => r.claim.label.length));
  const lines: string[] = [];
  for (const chapter of chapters) {
    const inChapter = rows.filter((r) => chapterOf(r.claim.id) === chapter);
    lines.push("", `${chapter} (${inChapter.length} claims)`);
    for (const { claim, outcome } of inChapter) {
      lines.push(
        `  ${claim.id.padEnd(idWidth)}  ${claim.label.padEnd(labelWidth)}  ${verdictColumn(outcome).padEnd(13)}  ${evidenceColumn(outcome)}`,
      );
    }
  }
  return lines.join("\n");
}

const COLUMNS = ["holds", "qualified", "fails", "not-checkable", "CRASH"] as const;

/** Totals per label and verdict, with a row for all claims. */
export function totalsTable(rows: readonly LedgerRow[]): string {
  const labels = [...new Set(rows.map((r) => r.claim.label))].sort();
  const count = (subset: readonly LedgerRow[], column: (typeof COLUMNS)[number]) =>
    subset.filter((r) => verdictColumn(r.outcome) === column).length;
  const labelWidth = Math.max("label".length, "all".length, ...labels.map((l) => l.length));
  const line = (name: string, cells: (string | number)[]) =>
    `  ${name.padEnd(labelWidth)}  ${cells.map((c, i) => String(c).padStart(COLUMNS[i]!.length)).join("  ")}`;
  return [
    "",
    "Totals",
    line("label", [...COLUMNS]),
    ...labels.map((label) => {
      const subset = rows.filter((r) => r.claim.label === label);
      return line(label, COLUMNS.map((c) => count(subset, c)));
    }),
    line("all", COLUMNS.map((c) => count(rows, c))),
  ].join("\n");
}
