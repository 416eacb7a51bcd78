import { wrapWords } from "../../examples/support/wrap.ts";
import type { Outcome } from "./run-checks.ts";
import type { LedgerRow } from "./ledger-row.ts";

// The ledger's opening: what a reader looks for first. The counts, then every claim that is
// not plainly true, in the catalogue's own words beside what the check found against it.

const COUNTED = ["holds", "qualified", "fails", "not-checkable"] as const;

function column(outcome: Outcome): string {
  return outcome.kind === "result" ? outcome.result.verdict : "CRASH";
}

/** `95 claims: 80 holds, 14 qualified, 0 fails, 1 not-checkable` (and the crashes, when there are any). */
export function countsLine(rows: readonly LedgerRow[], noun: string): string {
  const count = (verdict: string) => rows.filter((r) => column(r.outcome) === verdict).length;
  const crashed = count("CRASH");
  const counts = COUNTED.map((verdict) => `${count(verdict)} ${verdict}`).join(", ");
  return `${rows.length} ${noun}: ${counts}${crashed > 0 ? `, ${crashed} CRASHED` : ""}`;
}

/**
 * What the evidence says against the claim: the counterexample a `qualified` verdict names
 * (its evidence reads "condition: …; counterexample: …"), otherwise the whole evidence.
 */
export function counterexampleOf(outcome: Outcome): string {
  if (outcome.kind === "crash") return `the check crashed: ${outcome.error}`;
  const { verdict, evidence } = outcome.result;
  const marker = "; counterexample: ";
  const at = evidence.indexOf(marker);
  return verdict === "qualified" && at >= 0 ? evidence.slice(at + marker.length) : evidence;
}

/** Longest counterexample the summary shows before pointing at the row below. */
const SHOWN = 240;

function shortened(text: string): string {
  if (text.length <= SHOWN) return text;
  const cut = text.lastIndexOf(" ", SHOWN);
  return `${text.slice(0, cut > 0 ? cut : SHOWN)} … (the whole evidence is in the row below)`;
}

/** One summary entry: the verdict and id, the claim's sentence, what was found against it; wrapped to `width`. */
export function summaryEntry({ claim, outcome }: LedgerRow, width: number): string[] {
  const against = column(outcome) === "not-checkable" ? "why" : "counterexample";
  const text = `${column(outcome)} ${claim.id}: "${claim.claim}" ${against}: ${shortened(counterexampleOf(outcome))}`;
  const indent = 6;
  const [first = "", ...rest] = wrapWords(text, width - 2, width - indent);
  return [`  ${first}`, ...rest.map((line) => `${" ".repeat(indent)}${line}`)];
}

/**
 * The summary that opens the ledger: the counts for the book's claims and the companion's
 * findings, then every claim or finding that is qualified, fails or crashed, in the
 * catalogue's words with the evidence's counterexample.
 */
export function ledgerSummary(rows: readonly LedgerRow[], width = 120): string {
  const book = rows.filter((r) => r.catalogue === "book");
  const findings = rows.filter((r) => r.catalogue === "findings");
  const counts = [
    ...(book.length > 0 ? [`the book's ${countsLine(book, "claims")}`] : []),
    ...(findings.length > 0 ? [`the companion's ${countsLine(findings, "findings")}`] : []),
  ];
  const lines = wrapWords(`Summary: ${counts.join("; ")}.`, width, width);
  const notPlain = rows.filter((r) => ["qualified", "fails", "CRASH"].includes(column(r.outcome)));
  if (notPlain.length === 0) return [...lines, "Every claim run holds or is not checkable."].join("\n");
  lines.push(
    ...wrapWords(
      `Qualified or failing, in the words of chapters/claims.tsv and findings.tsv, each with what the check found:`,
      width,
      width,
    ),
  );
  for (const row of notPlain) lines.push(...summaryEntry(row, width));
  return lines.join("\n");
}
