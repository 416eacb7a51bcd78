import type { Check } from "../check.ts";
import { failsWhenListingDoesNotLoad } from "../load-listing.ts";
import { attemptsChecks } from "./ch38-behaviour/attempts.ts";
import { bugHistoryChecks } from "./ch38-behaviour/bug-history.ts";
import { chainingParallelChecks } from "./ch38-behaviour/chaining-parallel.ts";
import { shapeChecks } from "./ch38-behaviour/shape.ts";
import { submitOnlyWayOutChecks } from "./ch38-behaviour/submit-only-way-out.ts";
import { testTableChecks } from "./ch38-behaviour/test-table.ts";
import { toolsInsideStepChecks } from "./ch38-behaviour/tools-inside-step.ts";
import { turnBoundChecks } from "./ch38-behaviour/turn-bound.ts";

/**
 * Chapter 38's behavioural claims (and the recipe's), one per claim id, each running the
 * chapter's own code; one file per guide section or claim area under ch38-behaviour/. A claim
 * whose listing does not load against the installed Pi `fails` with the loader's message.
 */
export const ch38BehaviourChecks: Check[] = [
  ...shapeChecks,
  ...testTableChecks,
  ...submitOnlyWayOutChecks,
  ...attemptsChecks,
  ...turnBoundChecks,
  ...bugHistoryChecks,
  ...chainingParallelChecks,
  ...toolsInsideStepChecks,
].map(failsWhenListingDoesNotLoad);
