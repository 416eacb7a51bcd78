import type { CheckResult } from "../ledger/check.ts";
import type { MatrixClaim } from "./matrix.ts";

/** A claim whose result differs between two neighbouring columns. */
export interface ClaimChange {
  id: string;
  label: string;
  /** The earlier column key and its result. */
  from: string;
  before: CheckResult;
  /** The later column key and its result. */
  to: string;
  after: CheckResult;
  /** False when only the evidence moved (same verdict, different figures). */
  verdictChanged: boolean;
}

/** Stands in for a column's own version numbers when evidence is compared across columns. */
export const VERSION_PLACEHOLDER = "⟨version⟩";

/**
 * `evidence` with each of `versions` replaced by a placeholder, so that "core 1.3.0 declares
 * 2" and "core 1.4.0 declares 2" compare equal while "42 names" and "43 names" do not.
 */
export function withoutVersions(evidence: string, versions: readonly string[]): string {
  let text = evidence;
  for (const version of versions) {
    const pattern = new RegExp(`(?<![\\d.])${version.replace(/\./g, "\\.")}(?![\\d])`, "g");
    text = text.replace(pattern, VERSION_PLACEHOLDER);
  }
  return text;
}

/**
 * Walks `keys` in order for every claim and reports each step where its result differs
 * from the previous column that has one. Columns without a verdict for the claim (not
 * measured there) are stepped over, so a failed install never reads as a change. Evidence
 * is compared without each column's own version numbers (`versionsOf`).
 */
export function changesAlong(
  claims: readonly MatrixClaim[],
  keys: readonly string[],
  versionsOf: Readonly<Record<string, readonly string[]>> = {},
): ClaimChange[] {
  const changes: ClaimChange[] = [];
  const sameEvidence = (a: { key: string; result: CheckResult }, b: { key: string; result: CheckResult }) =>
    withoutVersions(a.result.evidence, versionsOf[a.key] ?? []) ===
    withoutVersions(b.result.evidence, versionsOf[b.key] ?? []);
  for (const claim of claims) {
    let previous: { key: string; result: CheckResult } | undefined;
    for (const key of keys) {
      const result = claim.verdicts[key];
      if (result === undefined) continue;
      if (
        previous !== undefined &&
        (previous.result.verdict !== result.verdict || !sameEvidence(previous, { key, result }))
      ) {
        changes.push({
          id: claim.id,
          label: claim.label,
          from: previous.key,
          before: previous.result,
          to: key,
          after: result,
          verdictChanged: previous.result.verdict !== result.verdict,
        });
      }
      previous = { key, result };
    }
  }
  return changes;
}

/** For each claim whose verdict ever changes along the walked columns: the first column where it did. */
export function firstVerdictChange(changes: readonly ClaimChange[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const change of changes) {
    if (change.verdictChanged && !first.has(change.id)) first.set(change.id, change.to);
  }
  return first;
}
