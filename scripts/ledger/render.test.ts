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
    const row = lines.findIndex((l) => l.includes("ch38.fixed.exactly-maxTurns-requests"));
    assert.match(lines[row]!, /qualified\s+figure0\b/);
    assert.match(lines[row + 1]!, /^ {6}figure\d+ /);
    const wrapped = lines
      .slice(
        row,
        lines.findIndex((l) => l.includes("ch37.deps")),
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
