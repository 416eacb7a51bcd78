import { BOOK_PIN, PACKAGE_NAMES, PIN } from "../../examples/support/pin.ts";
import type { CheckResult } from "../ledger/check.ts";
import { changesAlong, firstVerdictChange, type ClaimChange } from "./changes.ts";
import type { Matrix } from "./matrix.ts";

/** Where and when the matrix was measured; printed at the head of appendix B. */
export interface MatrixEnvironment {
  date: string;
  node: string;
  commit: string;
}

/** The matrix with its environment, as appendix B's JSON stores it. */
export type AppendixJson = Matrix & { environment: MatrixEnvironment };

type ColumnInfo = Matrix["columns"][number];

/** Each measured column's own version numbers (core and pi-ai), left out when evidence is compared. */
function columnVersions(matrix: Matrix): Record<string, string[]> {
  return Object.fromEntries(
    matrix.columns.map((c) => [c.key, c.installed === undefined ? [] : [...new Set([c.installed.core, c.installed.ai])]]),
  );
}

/** The release columns (oldest first) and the unpinned one, as appendix B compares them. */
export function comparedColumns(matrix: Matrix): { releases: string[]; unpinned: string | undefined } {
  return {
    releases: matrix.columns.filter((c) => c.kind === "release").map((c) => c.key),
    unpinned: matrix.columns.find((c) => c.kind === "unpinned")?.key,
  };
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

function shown(result: CheckResult | undefined, crashed = false): string {
  if (crashed) return "CRASH";
  if (result === undefined) return "—";
  return result.verdict === "fails" ? "**fails**" : result.verdict;
}

function installed(column: ColumnInfo): string {
  if (column.installed === undefined) return "—";
  const { core, ai, typebox } = column.installed;
  const versions = `core ${core} · pi-ai ${ai} · typebox ${typebox}`;
  return column.kind === "unpinned" ? `\`npm i ${PACKAGE_NAMES.core}@${column.core}\` gave ${versions}` : versions;
}

function status(matrix: Matrix, column: ColumnInfo): string {
  if (column.status !== "measured") return `${column.status}: ${cell(column.message ?? "")}`;
  const counts = new Map<string, number>();
  for (const claim of matrix.claims) {
    const verdict = claim.verdicts[column.key]?.verdict;
    if (verdict !== undefined) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  }
  if (column.crashes.length > 0) counts.set("crashed", column.crashes.length);
  const tally = [...counts].map(([verdict, n]) => `${n} ${verdict}`).join(", ");
  return `measured on Node ${column.node ?? "?"}: ${tally}`;
}

function heading(column: ColumnInfo): string {
  return column.kind === "release" && column.key === PIN.core ? `${column.key} (pin)` : column.key;
}

function changeLine(change: ClaimChange): string {
  return `- \`${change.id}\` (${change.label}): ${shown(change.before)} at ${change.from} → ${shown(change.after)} at ${change.to}. Evidence at ${change.to}: ${cell(change.after.evidence)}`;
}

function evidenceLine(change: ClaimChange): string {
  return `- \`${change.id}\` ${change.from} → ${change.to} (${change.after.verdict} both): "${cell(change.before.evidence)}" → "${cell(change.after.evidence)}"`;
}

/** Appendix B as Markdown: columns, the claims × versions table, and what changed where. */
export function renderAppendix(matrix: Matrix, environment: MatrixEnvironment): string {
  const { releases, unpinned } = comparedColumns(matrix);
  const versionsOf = columnVersions(matrix);
  const releaseChanges = changesAlong(matrix.claims, releases, versionsOf);
  const first = firstVerdictChange(releaseChanges);
  const unpinnedChanges = unpinned !== undefined && releases.includes(PIN.core) ? changesAlong(matrix.claims, [PIN.core, unpinned], versionsOf) : [];
  const columns = matrix.columns;
  const out: string[] = [];

  out.push("# Appendix B — The claims at each release of Pi", "");
  out.push("<!-- Written by `npm run matrix`. Do not edit: run it again. -->", "");
  out.push(
    `Measured on ${environment.date} with Node ${environment.node} at commit ${environment.commit}.`,
    `The book pins pi-agent-core ${BOOK_PIN}, which the registry does not serve; this companion's pin is ${PIN.core}.`,
    "Every column ran the same ledger (same checks, same example code, same claim ids) against its own install.",
    "",
  );

  out.push("## Columns", "", "| column | installed | status |", "| --- | --- | --- |");
  for (const column of columns) out.push(`| ${heading(column)} | ${installed(column)} | ${status(matrix, column)} |`);
  out.push("");

  out.push("## Verdicts", "");
  out.push("`—`: the column has no verdict for the claim (not measured there). `CRASH`: the check crashed there (a crash is not a verdict).", "");
  out.push(`| claim | label | ${columns.map(heading).join(" | ")} | first change |`);
  out.push(`| --- | --- | ${columns.map(() => "---").join(" | ")} | --- |`);
  for (const claim of matrix.claims) {
    const verdicts = columns.map((c) => shown(claim.verdicts[c.key], c.crashes.some((x) => x.id === claim.id)));
    out.push(`| \`${claim.id}\` | ${claim.label} | ${verdicts.join(" | ")} | ${first.get(claim.id) ?? "—"} |`);
  }
  out.push("");

  out.push("## What changed between releases", "");
  const verdictMoves = releaseChanges.filter((c) => c.verdictChanged);
  if (verdictMoves.length === 0) out.push(`No verdict changed across ${releases.join(", ")}.`);
  for (const to of releases) {
    const here = verdictMoves.filter((c) => c.to === to);
    if (here.length === 0) continue;
    out.push(`### ${to}`, "", ...here.map(changeLine), "");
  }
  out.push("");

  if (unpinned !== undefined) {
    const column = columns.find((c) => c.key === unpinned)!;
    out.push(`## A plain \`npm i ${PACKAGE_NAMES.core}@${PIN.core}\` against the pin`, "");
    out.push(`Without pinning pi-ai, npm installs what the core's range allows today: ${installed(column)}.`, "");
    const moves = unpinnedChanges.filter((c) => c.verdictChanged);
    if (!releases.includes(PIN.core)) out.push(`Not compared: the pin's column ${PIN.core} was not part of this run.`);
    else if (column.status !== "measured") out.push(`Not compared: the unpinned column was not measured (${column.status}).`);
    else if (moves.length === 0) out.push("Every verdict is the same as at the pin.");
    out.push(...moves.map(changeLine), "");
  }

  const crashes = columns.flatMap((c) => c.crashes.map((x) => `- ${c.key}: \`${x.id}\` crashed: ${cell(x.error)}`));
  if (crashes.length > 0) out.push("## Crashed checks", "", ...crashes, "");

  const evidenceMoves = [...releaseChanges, ...unpinnedChanges].filter((c) => !c.verdictChanged);
  if (evidenceMoves.length > 0) {
    out.push(
      "## Same verdict, different evidence",
      "",
      "Evidence compared without each column's own version numbers: what is left is a figure or a wording that moved.",
      "",
      ...evidenceMoves.map(evidenceLine),
      "",
    );
  }
  return out.join("\n").replace(/\n{3,}/g, "\n\n");
}

/** The console summary of a matrix run: each column's status, then every verdict change. */
export function renderSummary(matrix: Matrix): string {
  const { releases, unpinned } = comparedColumns(matrix);
  const versionsOf = columnVersions(matrix);
  const moves = [
    ...changesAlong(matrix.claims, releases, versionsOf),
    ...(unpinned !== undefined && releases.includes(PIN.core) ? changesAlong(matrix.claims, [PIN.core, unpinned], versionsOf) : []),
  ].filter((c) => c.verdictChanged);
  const width = Math.max(...matrix.columns.map((c) => heading(c).length));
  const lines = matrix.columns.map((c) => `${heading(c).padEnd(width)}  ${status(matrix, c)}`);
  lines.push("", moves.length === 0 ? "No verdict changed between measured columns." : "Verdict changes:");
  for (const change of moves) lines.push(`  ${change.id}: ${change.before.verdict} at ${change.from} -> ${change.after.verdict} at ${change.to}`);
  return lines.join("\n") + "\n";
}
