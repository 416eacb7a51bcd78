import { BOOK_PIN, PACKAGE_NAMES, PIN } from "../toolchain/pin.ts";
import { VERDICTS, type CheckResult } from "../ledger/check.ts";
import { measuredThroughPort, PRINTED_CODE_CLAIMS } from "../port/ports.ts";
import { changesAlong, firstVerdictChange, type ClaimChange } from "./changes.ts";
import type { Matrix } from "./matrix.ts";
import type { MeasuredAt } from "../lib/environment.ts";
import { markdownCell } from "../lib/markdown-table.ts";

/** Where and when the matrix was measured; printed at the head of appendix B. */
export type MatrixEnvironment = MeasuredAt;

/** The matrix with its environment, as appendix B's JSON stores it. */
export type AppendixJson = Matrix & { environment: MatrixEnvironment };

type ColumnInfo = Matrix["columns"][number];

/** Each measured column's own version numbers (core and pi-ai), left out when evidence is compared. */
function columnVersions(matrix: Matrix): Record<string, string[]> {
  return Object.fromEntries(
    matrix.columns.map((c) => [
      c.key,
      c.installed === undefined ? [] : [...new Set([c.installed.core, c.installed.ai])],
    ]),
  );
}

/** The release columns (oldest first) and the unpinned one, as appendix B compares them. */
export function comparedColumns(matrix: Matrix): { releases: string[]; unpinned: string | undefined } {
  return {
    releases: matrix.columns.filter((c) => c.kind === "release").map((c) => c.key),
    unpinned: matrix.columns.find((c) => c.kind === "unpinned")?.key,
  };
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
  if (column.status !== "measured") return `${column.status}: ${markdownCell(column.message ?? "")}`;
  const counts = new Map<string, number>();
  for (const claim of matrix.claims) {
    const verdict = claim.verdicts[column.key]?.verdict;
    if (verdict !== undefined) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  }
  const ordered = new Map([...VERDICTS, ...counts.keys()].filter((v) => counts.has(v)).map((v) => [v, counts.get(v)!]));
  if (column.crashes.length > 0) ordered.set("crashed", column.crashes.length);
  const tally = [...ordered].map(([verdict, n]) => `${n} ${verdict}`).join(", ");
  return `measured on Node ${column.node ?? "?"}: ${tally}`;
}

/** The legend of every verdict table: issue 10's definitions, a crash, and the port. */
export const VERDICT_LEGEND = [
  "- `holds`: the companion tried the statement as the book words it, on the book's own case and on the cases around it inside the statement's scope, and found no case where it is false.",
  "- `qualified`: true in the case the book discusses, false in a case inside the statement's scope that the book does not mention. The evidence names both: the condition under which it holds, and the measured counterexample.",
  "- `fails`: false in the case the book itself discusses (its example, its figure, its standard case), or false in general.",
  "- `not-checkable`: the evidence says why.",
  "- `—`: the column has no verdict for the claim (not measured there). `CRASH`: the check crashed there (a crash is not a verdict).",
  `- Claims about the book's code as printed (${PRINTED_CODE_CLAIMS.map((id) => `\`${id}\``).join(", ")}, and the dependency and specifier claims) measure the code as printed. Every other claim is about Pi: where the book's code no longer loads at a release, it runs through that release's port (see the column's port), and its evidence says so. A port that cannot be made is a crash, never a verdict.`,
];

/** Counts of each verdict among `results`, in the order of VERDICTS: "81 holds, 7 fails". */
function tallyOf(results: readonly CheckResult[]): string {
  return VERDICTS.map((v) => [v, results.filter((r) => r.verdict === v).length] as const)
    .filter(([, n]) => n > 0)
    .map(([v, n]) => `${n} ${v}`)
    .join(", ");
}

/** "Reading the book with Pi <newest>": the port as a diff, its proof, and what holds through it. */
function readingSection(matrix: Matrix, releases: readonly string[]): string[] {
  const proof = matrix.portProof;
  const newest = releases.at(-1);
  if (proof === undefined || newest === undefined) return [];
  const out: string[] = [`## Reading the book with Pi ${proof.release}`, ""];
  const column = matrix.columns.find((c) => c.key === proof.release);
  const versions =
    column?.installed === undefined
      ? ""
      : ` (core ${column.installed.core} · pi-ai ${column.installed.ai} · typebox ${column.installed.typebox})`;
  out.push(
    `A reader who installs Pi today gets ${proof.release}${versions}. The book's code needs ${proof.port}. ` +
      "Only import lines change; apply the diff below to the companion's examples/ with `git apply -p1` (or `patch -p1`), " +
      "and add `@earendil-works/pi-schema` (the core's own dependency, already installed with it) to your package.json if you import `Static` from it.",
    "",
    "```diff",
    proof.diff.trimEnd(),
    "```",
    "",
  );
  if (proof.diagnostics === undefined)
    out.push(`**The port was not type-checked:** ${markdownCell(proof.problem ?? "unknown")}`, "");
  else {
    const first = proof.diagnostics[0];
    const when =
      proof.provedAt === undefined
        ? ""
        : ` (made again on ${proof.provedAt.date} at commit ${proof.provedAt.commit}, after the verdicts' run)`;
    out.push(
      `The proof${when}: examples/ with the diff applied, type-checked (strict, the project's tsconfig) against the ${proof.release} install: ` +
        `**${proof.diagnostics.length} diagnostics**` +
        (first === undefined
          ? "."
          : ` (first: TS${first.code} ${first.file ?? ""}:${first.line ?? "?"} ${markdownCell(first.message.split("\n")[0]!)}).`),
      "",
    );
  }
  const measured = matrix.claims.flatMap((claim) => {
    const result = claim.verdicts[proof.release];
    return result === undefined ? [] : [{ claim, result }];
  });
  const ported = measured.filter((m) => measuredThroughPort(m.result.evidence));
  out.push(
    `At ${proof.release}, ${ported.length} claims ran the book's code through the port: ${tallyOf(ported.map((m) => m.result)) || "none"}.` +
      ` All ${measured.length} claims at ${proof.release}: ${tallyOf(measured.map((m) => m.result))}.`,
    "",
  );
  const notHolding = ported.filter((m) => m.result.verdict !== "holds");
  if (notHolding.length > 0) {
    out.push("Through the port, not `holds`:", "");
    for (const { claim, result } of notHolding)
      out.push(`- \`${claim.id}\`: ${shown(result)}. ${markdownCell(result.evidence)}`);
    out.push("");
  }
  if (releases.includes(PIN.core) && proof.release !== PIN.core) {
    const moves = changesAlong(matrix.claims, [PIN.core, proof.release]).filter((c) => c.verdictChanged);
    out.push(`### Verdicts that changed between the pin ${PIN.core} and ${proof.release}`, "");
    if (moves.length === 0) out.push("None.");
    for (const change of moves) {
      const about =
        PRINTED_CODE_CLAIMS.includes(change.id) || /^ch37\.(deps|dist)\./.test(change.id)
          ? "about the printed code or its dependencies"
          : "about Pi's behaviour";
      out.push(
        `- \`${change.id}\` (${about}): ${shown(change.before)} → ${shown(change.after)}. Cause, from the evidence at ${proof.release}: ${markdownCell(change.after.evidence)}`,
      );
    }
    out.push("");
  }
  return out;
}

function heading(column: ColumnInfo): string {
  return column.kind === "release" && column.key === PIN.core ? `${column.key} (pin)` : column.key;
}

function changeLine(change: ClaimChange): string {
  return `- \`${change.id}\` (${change.label}): ${shown(change.before)} at ${change.from} → ${shown(change.after)} at ${change.to}. Evidence at ${change.to}: ${markdownCell(change.after.evidence)}`;
}

function evidenceLine(change: ClaimChange): string {
  return `- \`${change.id}\` ${change.from} → ${change.to} (${change.after.verdict} both): "${markdownCell(change.before.evidence)}" → "${markdownCell(change.after.evidence)}"`;
}

/** Appendix B as Markdown: columns, the claims × versions table, and what changed where. */
export function renderAppendixB(matrix: Matrix, environment: MatrixEnvironment): string {
  const { releases, unpinned } = comparedColumns(matrix);
  const versionsOf = columnVersions(matrix);
  // A JSON written before findings were carried (--proof-only reads the last run's) has none.
  const findings = matrix.findings ?? [];
  const rows = [...matrix.claims, ...findings];
  const releaseChanges = changesAlong(rows, releases, versionsOf);
  const first = firstVerdictChange(releaseChanges);
  const unpinnedChanges =
    unpinned !== undefined && releases.includes(PIN.core) ? changesAlong(rows, [PIN.core, unpinned], versionsOf) : [];
  const columns = matrix.columns;
  const table = (claims: readonly Matrix["claims"][number][], what: string) => [
    `| ${what} | label | ${columns.map(heading).join(" | ")} | first change |`,
    `| --- | --- | ${columns.map(() => "---").join(" | ")} | --- |`,
    ...claims.map((claim) => {
      const verdicts = columns.map((c) =>
        shown(
          claim.verdicts[c.key],
          c.crashes.some((x) => x.id === claim.id),
        ),
      );
      return `| \`${claim.id}\` | ${claim.label} | ${verdicts.join(" | ")} | ${first.get(claim.id) ?? "—"} |`;
    }),
  ];
  const out: string[] = [];

  out.push("# Appendix B — The claims at each release of Pi", "");
  out.push("<!-- Written by `npm run matrix`. Do not edit: run it again. -->", "");
  out.push(
    `Measured on ${environment.date} with Node ${environment.node} at commit ${environment.commit}.`,
    `The book pins pi-agent-core ${BOOK_PIN}, which the registry does not serve; this companion's pin is ${PIN.core}.`,
    "Every column ran the same ledger (same checks, same example code, same claim ids) against its own install.",
    "",
  );

  out.push("## Columns", "", "| column | installed | port | status |", "| --- | --- | --- | --- |");
  for (const column of columns)
    out.push(
      `| ${heading(column)} | ${installed(column)} | ${column.port ?? "none: the code as printed"} | ${status(matrix, column)} |`,
    );
  out.push("");

  out.push("## Verdicts", "", ...VERDICT_LEGEND, "");
  out.push(...table(matrix.claims, "claim"), "");
  out.push("## The companion's findings", "");
  out.push(
    findings.length === 0
      ? "This run carried no findings."
      : "What the companion measured that the book does not state (chapters/findings.tsv), judged by the same ledger in every column.",
    "",
  );
  if (findings.length > 0) out.push(...table(findings, "finding"), "");

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
    else if (column.status !== "measured")
      out.push(`Not compared: the unpinned column was not measured (${column.status}).`);
    else if (moves.length === 0) out.push("Every verdict is the same as at the pin.");
    out.push(...moves.map(changeLine), "");
  }

  out.push(...readingSection(matrix, releases));

  const crashes = columns.flatMap((c) =>
    c.crashes.map((x) => `- ${c.key}: \`${x.id}\` crashed: ${markdownCell(x.error)}`),
  );
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
  const rows = [...matrix.claims, ...(matrix.findings ?? [])];
  const moves = [
    ...changesAlong(rows, releases, versionsOf),
    ...(unpinned !== undefined && releases.includes(PIN.core)
      ? changesAlong(rows, [PIN.core, unpinned], versionsOf)
      : []),
  ].filter((c) => c.verdictChanged);
  const width = Math.max(...matrix.columns.map((c) => heading(c).length));
  const lines = matrix.columns.map(
    (c) =>
      `${heading(c).padEnd(width)}  ${status(matrix, c)}${c.port === undefined ? "" : ` (through ${c.port.split(":")[0]})`}`,
  );
  lines.push("", moves.length === 0 ? "No verdict changed between measured columns." : "Verdict changes:");
  for (const change of moves)
    lines.push(`  ${change.id}: ${change.before.verdict} at ${change.from} -> ${change.after.verdict} at ${change.to}`);
  const proof = matrix.portProof;
  if (proof !== undefined) {
    lines.push(
      "",
      `${proof.port.split(":")[0]} type-checked against ${proof.release}: ${proof.diagnostics === undefined ? `not checked (${proof.problem})` : `${proof.diagnostics.length} diagnostics`}`,
    );
  }
  return lines.join("\n") + "\n";
}
