import type { ListingName } from "../toolchain/listing-source.ts";
import type { InstalledPi } from "../toolchain/pin.ts";
import { BOOK_PIN } from "../toolchain/pin.ts";
import { chapterOf, type CatalogueName, type Claim } from "./catalogue.ts";
import { VERDICTS, type Verdict } from "./check.ts";
import { CRASH_DEFINITION, LABEL_DEFINITIONS, VERDICT_DEFINITIONS } from "./legend.ts";
import type { Outcome } from "./run-checks.ts";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { piRunningModules } from "../toolchain/runs-pi.ts";
import { wrapWords } from "../../examples/support/wrap.ts";
import { ledgerSummary } from "./summary.ts";
import type { LedgerRow } from "./ledger-row.ts";

// The row type lives apart so that the summary, which render.ts prints first, can read it.
export type { LedgerRow } from "./ledger-row.ts";

/** One entry of `--json`: a verdict with its evidence, or a crash (its error) instead of a verdict. */
export type LedgerJsonEntry =
  { id: string; label: string; verdict: Verdict; evidence: string } | { id: string; label: string; crash: string };

/**
 * The `--json` document: the measured versions, Node, one entry per book claim in `claims`
 * (the shape consumers such as the release matrix read), and the companion's findings apart
 * in `findings`, with the same entry shape.
 */
export interface LedgerJson {
  pin: { core: string; ai: string; typebox: string };
  node: string;
  claims: LedgerJsonEntry[];
  findings: LedgerJsonEntry[];
  /**
   * Each id whose check ran Pi's code: the modules it loaded that import Pi at run time
   * (project-relative). What makes a claim behavioural (appendix D), decided by what the check did.
   */
  ranPi?: Record<string, string[]>;
  /** With `--listings DIR` only: the file each listing ran from (the reader's, or ours where DIR has none). */
  listings?: Record<ListingName, string>;
}

function jsonEntry({ claim, outcome }: LedgerRow): LedgerJsonEntry {
  return outcome.kind === "result"
    ? { id: claim.id, label: claim.label, verdict: outcome.result.verdict, evidence: outcome.result.evidence }
    : { id: claim.id, label: claim.label, crash: outcome.error };
}

/** The `--json` document for a run: book claims in `claims`, findings in `findings`. */
export function ledgerJson(install: InstalledPi, rows: readonly LedgerRow[], node = process.versions.node): LedgerJson {
  return {
    pin: { core: install.core, ai: install.ai, typebox: install.typebox },
    node,
    claims: rows.filter((r) => r.catalogue === "book").map(jsonEntry),
    findings: rows.filter((r) => r.catalogue === "findings").map(jsonEntry),
    ranPi: Object.fromEntries(
      rows.flatMap(({ claim, outcome }) => {
        const modules = piRunningModules(outcome.loaded ?? []).map((url) => relative(PROJECT_ROOT, fileURLToPath(url)));
        return modules.length === 0 ? [] : [[claim.id, modules]];
      }),
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

/** Where a row's evidence continues when it does not fit beside the row: under it, indented. */
const EVIDENCE_INDENT = 6;

/**
 * The ledger grouped by chapter: id, label, verdict, then the evidence, which starts beside the
 * row and wraps under it so that no line is wider than `width` (the full text is in --json).
 * `wide`: the claim's own words (claims.tsv) under the row, and the evidence under them.
 */
export function ledgerTable(rows: readonly LedgerRow[], noun = "claims", width = 120, wide = false): string {
  const chapters = [...new Set(rows.map((r) => chapterOf(r.claim.id)))];
  const idWidth = Math.max(...rows.map((r) => r.claim.id.length));
  const labelWidth = Math.max(...rows.map((r) => r.claim.label.length));
  const lines: string[] = [];
  for (const chapter of chapters) {
    const inChapter = rows.filter((r) => chapterOf(r.claim.id) === chapter);
    lines.push("", `${chapter} (${inChapter.length} ${noun})`);
    for (const { claim, outcome } of inChapter) {
      const row = `  ${claim.id.padEnd(idWidth)}  ${claim.label.padEnd(labelWidth)}  ${verdictColumn(outcome).padEnd(13)}  `;
      if (wide) {
        // The claim's own words under its id, then the evidence under them.
        const indent = " ".repeat(EVIDENCE_INDENT);
        const under = (text: string) => wrapWords(text, width - EVIDENCE_INDENT, width - EVIDENCE_INDENT);
        lines.push(row.trimEnd(), ...under(`"${claim.claim}"`).map((l) => `${indent}${l}`));
        lines.push(...under(evidenceColumn(outcome)).map((l) => `${indent}${l}`));
        continue;
      }
      const [first = "", ...rest] = wrapWords(
        evidenceColumn(outcome),
        Math.max(0, width - row.length),
        width - EVIDENCE_INDENT,
      );
      lines.push(`${row}${first}`.trimEnd(), ...rest.map((line) => `${" ".repeat(EVIDENCE_INDENT)}${line}`));
    }
  }
  return lines.join("\n");
}

const COLUMNS = ["holds", "qualified", "fails", "not-checkable", "CRASH"] as const;

/** Totals per label and verdict, with a row for all of `rows`, under `title`. */
export function totalsTable(rows: readonly LedgerRow[], title = "Totals"): string {
  const labels = [...new Set(rows.map((r) => r.claim.label))].sort();
  const count = (subset: readonly LedgerRow[], column: (typeof COLUMNS)[number]) =>
    subset.filter((r) => verdictColumn(r.outcome) === column).length;
  const labelWidth = Math.max("label".length, "all".length, ...labels.map((l) => l.length));
  const line = (name: string, cells: (string | number)[]) =>
    `  ${name.padEnd(labelWidth)}  ${cells.map((c, i) => String(c).padStart(COLUMNS[i]!.length)).join("  ")}`;
  return [
    "",
    title,
    line("label", [...COLUMNS]),
    ...labels.map((label) => {
      const subset = rows.filter((r) => r.claim.label === label);
      return line(
        label,
        COLUMNS.map((c) => count(subset, c)),
      );
    }),
    line(
      "all",
      COLUMNS.map((c) => count(rows, c)),
    ),
  ].join("\n");
}

/** The legend under the totals: what each verdict and each label means, wrapped to `width`. */
export function legendText(labels: readonly string[], width = 120): string {
  const term = 2 + "not-checkable".length + 2;
  const entry = (name: string, meaning: string) => {
    const [first = "", ...rest] = wrapWords(meaning, width - term, width - term);
    return [`  ${name.padEnd(term - 4)}  ${first}`, ...rest.map((line) => `${" ".repeat(term)}${line}`)];
  };
  const starred = labels.some((label) => label.endsWith("*"));
  const bare = new Set(labels.map((label) => label.replace(/\*$/, "")));
  const shown = LABEL_DEFINITIONS.filter(([name]) => (name === "*" ? starred : bare.has(name)));
  return [
    "",
    "Verdicts",
    ...VERDICTS.flatMap((verdict) => entry(verdict, VERDICT_DEFINITIONS[verdict])),
    ...entry("CRASH", CRASH_DEFINITION),
    "Labels",
    ...shown.flatMap(([name, meaning]) => entry(name, meaning)),
  ].join("\n");
}

/**
 * The whole text report: the header, the summary (counts, then what is qualified or fails in
 * the catalogue's words), the book's claims by chapter, the companion's findings in their own
 * section after them, totals for each apart, and the legend; no line wider than `width`.
 */
export function ledgerText(
  install: InstalledPi,
  rows: readonly LedgerRow[],
  width = 120,
  { wide = false }: { wide?: boolean } = {},
): string {
  const book = rows.filter((r) => r.catalogue === "book");
  const findings = rows.filter((r) => r.catalogue === "findings");
  const title = (text: string) => wrapWords(text, width, width).join("\n");
  const parts = [title(ledgerHeader(install))];
  if (rows.length > 0) parts.push("", ledgerSummary(rows, width));
  if (book.length > 0)
    parts.push("", title("The book's claims (chapters/claims.tsv)"), ledgerTable(book, "claims", width, wide));
  if (findings.length > 0) {
    parts.push(
      "",
      title("The companion's findings (chapters/findings.tsv): measured facts the book does not state"),
      ledgerTable(findings, "findings", width, wide),
    );
  }
  if (book.length > 0) parts.push(totalsTable(book, `Totals: the book's claims (${book.length})`));
  if (findings.length > 0) parts.push(totalsTable(findings, `Totals: the companion's findings (${findings.length})`));
  const labels = [...new Set(rows.map((r) => r.claim.label))];
  parts.push(legendText(labels, width));
  return parts.join("\n");
}
