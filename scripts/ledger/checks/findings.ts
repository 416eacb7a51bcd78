import type { Check } from "../check.ts";
import { failsWhenListingDoesNotLoad } from "../load-listing.ts";
import { ch37FindingChecks } from "./findings/ch37.ts";
import { ch38FindingChecks } from "./findings/ch38.ts";

// Findings are the companion's own statements: each check holds while the installed Pi still
// behaves as measured, and fails, naming what changed, when it no longer does.

/** The companion's findings (chapters/findings.tsv), one check each, run by the same ledger. */
export const findingChecks: Check[] = [...ch37FindingChecks, ...ch38FindingChecks].map(failsWhenListingDoesNotLoad);
