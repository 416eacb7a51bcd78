import { readCatalogue } from "../ledger/catalogue.ts";
import { ch37BehaviourChecks } from "../ledger/checks/ch37-behaviour.ts";
import { ch38BehaviourChecks } from "../ledger/checks/ch38-behaviour.ts";
import { idsOnly } from "../ledger/ledger-command.ts";

/**
 * Checks in the behaviour modules that the TypeScript checker decides on its own: they
 * compile listings against Pi's declarations (.d.ts), which no patch of dist/*.js reaches.
 */
export const TYPE_CHECKED: readonly string[] = [
  "ch37.types.untyped-params-unknown",
  "ch37.types.streamfn-compiles",
  "ch37.code.listing-compiles",
  "ch38.code.listing-compiles",
];

/** The rule, as appendix D states it. */
export const BEHAVIOURAL_RULE =
  "A claim is behavioural when its check runs a scenario against the installed Pi and decides from what the code did: " +
  "the checks of scripts/ledger/checks/ch37-behaviour.ts and ch38-behaviour.ts, except the " +
  `${TYPE_CHECKED.length} that only type-check a listing (${TYPE_CHECKED.join(", ")}). ` +
  "Claims decided by reading files (package.json, README, dist/ specifiers, declarations) or by the TypeScript checker are static: " +
  "a patch of dist/*.js can move them only by breaking the file they read, which is not the behaviour they describe. " +
  "The companion's own findings (chapters/findings.tsv) are not the book's claims and stand outside the kill score; " +
  "a patch may still declare one, and its flip is then checked like a claim's.";

/** The behavioural claim ids of the book's catalogue (findings are not the book's claims), in the ledger's order. */
export function behaviouralIds(): string[] {
  const book = new Set(readCatalogue().map((claim) => claim.id));
  return [...ch37BehaviourChecks, ...ch38BehaviourChecks]
    .map((check) => check.id)
    .filter((id) => book.has(id) && !TYPE_CHECKED.includes(id));
}

/** The ledger's --only for the behavioural claims: what a mutants run measures by default. */
export function behaviouralOnly(): string {
  return idsOnly(behaviouralIds());
}
