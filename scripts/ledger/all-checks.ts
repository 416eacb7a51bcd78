import type { Check } from "./check.ts";
import { ch37BehaviourChecks } from "./checks/ch37-behaviour.ts";
import { ch38BehaviourChecks } from "./checks/ch38-behaviour.ts";
import { declaredTypeChecks } from "./checks/declared-types.ts";
import { documentationChecks } from "./checks/documentation.ts";
import { findingChecks } from "./checks/findings.ts";
import { layeringChecks } from "./checks/layering.ts";
import { scopeChecks } from "./checks/scope.ts";

/** Every check of the ledger, one per id of claims.tsv and findings.tsv; all-checks.test.ts holds it to that. */
export const allChecks: readonly Check[] = [
  ...layeringChecks,
  ...documentationChecks,
  ...declaredTypeChecks,
  ...scopeChecks,
  ...ch37BehaviourChecks,
  ...ch38BehaviourChecks,
  ...findingChecks,
];
