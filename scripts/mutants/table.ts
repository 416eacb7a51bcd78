import type { ClaimChange } from "./flips.ts";
import type { MutantsRun, PatchResult } from "./run-mutants.ts";

const list = (items: readonly string[]) => (items.length === 0 ? "-" : items.join(", "));
const change = (c: ClaimChange) => `${c.id} (${c.pin} → ${c.patched})`;

function row(result: PatchResult): string[] {
  const declared = result.entry.spec.flips;
  if (result.status === "failed")
    return [result.entry.name, String(declared.length), "-", "-", "-", `not measured: ${result.failure.kind}`];
  const { flipped, missing, surplus, notRun } = result.comparison;
  return [
    result.entry.name,
    String(declared.length),
    String(flipped.length),
    String(missing.length + notRun.length),
    String(surplus.length),
    missing.length > 0 ? "FAIL" : notRun.length > 0 ? "FAIL: declared claim not run" : "ok",
  ];
}

function details(result: PatchResult): string[] {
  const lines = [
    `${result.entry.name}: ${result.entry.spec.description}`,
    `  expected: ${list(result.entry.spec.flips)}`,
  ];
  if (result.status === "failed") return [...lines, `  ${result.failure.kind}: ${result.failure.message}`];
  const { flipped, missing, surplus, otherChanges, notRun } = result.comparison;
  lines.push(
    `  flipped:  ${list(flipped.map(change))}`,
    `  missing:  ${list(missing)}`,
    `  surplus:  ${list(surplus)}${surplus.length > 0 ? "  (for review)" : ""}`,
  );
  if (otherChanges.length > 0) lines.push(`  other changes (not flips): ${list(otherChanges.map(change))}`);
  if (notRun.length > 0)
    lines.push(
      `  not run:  ${list(notRun)}  (declared but not measured by the pin's run or the patched one: the run fails)`,
    );
  return lines;
}

/** The run as text: one summary row per patch (declared, flipped, missing, surplus), then each patch's claims. */
export function renderTable(run: MutantsRun): string {
  const header = ["patch", "expected", "flipped", "missing", "surplus", "status"];
  const rows = [header, ...run.results.map(row)];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
  const out = [
    "pin" in run && "failure" in run.pin
      ? `the pin could not be measured: ${run.pin.failure.kind}: ${run.pin.failure.message}`
      : "",
    ...lines,
    "",
  ];
  for (const result of run.results) out.push(...details(result), "");
  return out.filter((line, i) => i > 0 || line !== "").join("\n");
}
