import assert from "node:assert/strict";
import { test } from "node:test";
import type { InstalledPi } from "../toolchain/pin.ts";
import { VERDICTS } from "./check.ts";
import { LABEL_DEFINITIONS, VERDICT_DEFINITIONS } from "./legend.ts";
import { ledgerText, type LedgerRow } from "./render.ts";

const install = { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" } as InstalledPi;
const longEvidence = Array.from({ length: 80 }, (_, i) => `figure${i}`).join(" ");
const rows: LedgerRow[] = [
  {
    catalogue: "book",
    claim: { id: "ch38.fixed.exactly-maxTurns-requests", label: "observed*", source: "ch38", claim: "" },
    outcome: {
      kind: "result",
      id: "ch38.fixed.exactly-maxTurns-requests",
      result: { verdict: "qualified", evidence: longEvidence },
    },
  },
  {
    catalogue: "book",
    claim: { id: "ch37.deps.two-runtime-deps", label: "documented", source: "ch37", claim: "" },
    outcome: { kind: "result", id: "ch37.deps.two-runtime-deps", result: { verdict: "holds", evidence: "short" } },
  },
];

test("ledger output: no line is wider than 120 columns (or the terminal's), and long evidence wraps under its row, whole", () => {
  for (const width of [120, 80]) {
    const text = ledgerText(install, rows, width);
    const lines = text.split("\n");
    assert.deepEqual(
      lines.filter((l) => l.length > width),
      [],
      `width ${width}`,
    );
    // The table's row, after the summary that names it too.
    const row = lines.findIndex(
      (l, i) =>
        i > lines.indexOf("The book's claims (chapters/claims.tsv)") &&
        l.includes("ch38.fixed.exactly-maxTurns-requests"),
    );
    assert.match(lines[row]!, /qualified\s+figure0\b/);
    assert.match(lines[row + 1]!, /^ {6}figure\d+ /);
    const wrapped = lines
      .slice(
        row,
        lines.findIndex((l, i) => i > row && l.includes("ch37.deps")),
      )
      .join(" ");
    assert.equal(wrapped.split(/\s+/).filter((w) => w.startsWith("figure")).length, 80);
  }
  assert.match(ledgerText(install, rows), /ch37\.deps\.two-runtime-deps\s+documented\s+holds\s+short\n/);
});

test("ledger output: a legend under the totals defines the four verdicts, CRASH and every label shown, the trailing * too", () => {
  const text = ledgerText(install, rows, 2000);
  const legend = text.slice(text.lastIndexOf("\nVerdicts\n"));
  assert.ok(text.indexOf("Totals") < text.lastIndexOf("\nVerdicts\n"));
  for (const verdict of VERDICTS)
    assert.ok(legend.includes(`${verdict}`.padEnd(13) + `  ${VERDICT_DEFINITIONS[verdict]}`), verdict);
  assert.match(legend, /CRASH\s+the check threw or hung/);
  const shown = LABEL_DEFINITIONS.filter(([name]) => ["observed", "documented", "*"].includes(name));
  for (const [name, meaning] of shown) assert.ok(legend.includes(`${name.padEnd(13)}  ${meaning}`), name);
  assert.ok(!legend.includes("\n  found"), "found is explained only when a finding is shown");
});

test("ledger output: it opens with the summary, the counts, then each qualified claim in the catalogue's words with the counterexample from its evidence", () => {
  const claim = "The turn bound stops the run after exactly maxTurns provider requests.";
  const summaryRows: LedgerRow[] = [
    {
      catalogue: "book",
      claim: { id: "ch38.fixed.exactly-maxTurns-requests", label: "observed*", source: "ch38", claim },
      outcome: {
        kind: "result",
        id: "ch38.fixed.exactly-maxTurns-requests",
        result: {
          verdict: "qualified",
          evidence: "condition: the table's rows; counterexample: a failed request on the last turn",
        },
      },
    },
    rows[1]!,
  ];
  for (const width of [120, 80]) {
    const text = ledgerText(install, summaryRows, width);
    const lines = text.split("\n");
    assert.deepEqual(
      lines.filter((l) => l.length > width),
      [],
      `width ${width}`,
    );
    assert.match(
      lines.find((l) => l.startsWith("Summary:")) ?? "",
      /^Summary: the book's 2 claims: 1 holds, 1 qualified, 0 fails, 0 not-checkable/,
    );
    const summary = text.slice(0, text.indexOf("The book's claims"));
    assert.match(
      summary.replace(/\s+/g, " "),
      /qualified ch38\.fixed\.exactly-maxTurns-requests: "The turn bound stops the run after exactly maxTurns provider requests\." counterexample: a failed request on the last turn/,
    );
    assert.ok(!summary.includes("ch37.deps.two-runtime-deps"), "a claim that holds is not in the summary");
    assert.ok(text.indexOf("Summary:") < text.indexOf("The book's claims"));
  }
  const wide = ledgerText(install, summaryRows, 120, { wide: true }).split("\n");
  const row = wide.findIndex((l) => /^ {2}ch38\.fixed\.exactly-maxTurns-requests +observed\* +qualified$/.test(l));
  assert.equal(wide[row + 1], `      "${claim}"`);
  assert.match(wide[row + 2]!, /^ {6}condition: the table's rows; counterexample/);
});
