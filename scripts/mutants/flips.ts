import type { Verdict } from "../ledger/check.ts";
import type { LedgerJsonEntry } from "../ledger/render.ts";

/** A claim's outcome in one run: its verdict, a crash of its check, or absent from the run. */
export type ClaimOutcome = Verdict | "crash" | "absent";

/** One claim whose outcome under a patch differs from the pin's. */
export interface ClaimChange {
  id: string;
  pin: ClaimOutcome;
  patched: ClaimOutcome;
  /** The patched run's evidence (or crash message). */
  evidence: string;
}

/** What one patch did to the verdicts, against what its spec declared. */
export interface PatchComparison {
  /** Claims whose verdict went down: holds → qualified or fails, qualified → fails. */
  flipped: ClaimChange[];
  /** Every other change (to or from not-checkable, a crash, a verdict that went up): reported, never a flip. */
  otherChanges: ClaimChange[];
  /** Declared claims that did not flip. Any of them fails the run. */
  missing: string[];
  /** Flipped claims the spec did not declare: reported for review. */
  surplus: string[];
  /** Declared claims that the pin's run or the patched run did not measure. Any of them fails the run too: a declared claim always runs. */
  notRun: string[];
}

/** The order a flip moves down. not-checkable, crashes and absent claims are outside it. */
const STRENGTH: Partial<Record<ClaimOutcome, number>> = { holds: 3, qualified: 2, fails: 1 };

function outcomeOf(claim: LedgerJsonEntry | undefined): ClaimOutcome {
  if (claim === undefined) return "absent";
  return "verdict" in claim ? claim.verdict : "crash";
}

/**
 * A claim flips under a patch when both runs gave it a verdict on the scale
 * holds > qualified > fails and the patched verdict is lower than the pin's.
 */
export function isFlip(pin: ClaimOutcome, patched: ClaimOutcome): boolean {
  const before = STRENGTH[pin];
  const after = STRENGTH[patched];
  return before !== undefined && after !== undefined && after < before;
}

/** Compares a patched run's claims with the pin's, against the claims the spec declared. */
export function compareWithPin(
  pinClaims: readonly LedgerJsonEntry[],
  patchedClaims: readonly LedgerJsonEntry[],
  declared: readonly string[],
): PatchComparison {
  const patchedById = new Map(patchedClaims.map((claim) => [claim.id, claim]));
  const flipped: ClaimChange[] = [];
  const otherChanges: ClaimChange[] = [];
  for (const pinClaim of pinClaims) {
    const claim = patchedById.get(pinClaim.id);
    const change: ClaimChange = {
      id: pinClaim.id,
      pin: outcomeOf(pinClaim),
      patched: outcomeOf(claim),
      evidence: claim === undefined ? "not in the patched run" : "verdict" in claim ? claim.evidence : claim.crash,
    };
    if (isFlip(change.pin, change.patched)) flipped.push(change);
    else if (change.pin !== change.patched) otherChanges.push(change);
  }
  const ranAtPin = new Set(pinClaims.map((claim) => claim.id));
  const ran = (id: string) => ranAtPin.has(id) && patchedById.has(id);
  const flippedIds = new Set(flipped.map((change) => change.id));
  return {
    flipped,
    // A declared claim missing from the patched run is reported once, as not run.
    otherChanges: otherChanges.filter((change) => !(declared.includes(change.id) && change.patched === "absent")),
    missing: declared.filter((id) => ran(id) && !flippedIds.has(id)),
    surplus: flipped.map((change) => change.id).filter((id) => !declared.includes(id)),
    notRun: declared.filter((id) => !ran(id)),
  };
}
