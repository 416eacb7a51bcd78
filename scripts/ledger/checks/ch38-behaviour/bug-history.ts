import type * as TurnLimitCases from "../../../../examples/ch38-typed-step/support/turn-limit-cases.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { once } from "../../once.ts";
import { facts } from "../evidence.ts";

// Guide 38, "The bug history": the two earlier versions of step() and their request counts.
const listing = listingsOf(import.meta.url);
const turnLimitCases = listing(() => import("../../../../examples/ch38-typed-step/support/turn-limit-cases.ts"));
const turnLimitTable = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts"));

type TurnLimitRow = TurnLimitCases.TurnLimitRow;

const caseRun = (
  variant: TurnLimitRow["variant"],
  pick: (figures: typeof TurnLimitCases.BOOK_FIGURES) => TurnLimitCases.TurnLimitCase,
) =>
  once(async () => {
    const { BOOK_FIGURES: figures } = await turnLimitCases();
    const { measureCase } = await turnLimitTable();
    return measureCase(variant, pick(figures));
  });
const v1Book = caseRun("no-turn-bound", (f) => f.noTurnBound.case);
const v1ShorterScript = caseRun("no-turn-bound", (f) => ({ ...f.noTurnBound.case, scriptedResponses: 20 }));
const v1OneAttempt = caseRun("no-turn-bound", (f) => ({ ...f.noTurnBound.case, maxAttempts: 1 }));
const v2Book = caseRun("unfixed-guard", (f) => f.unfixedGuard.case);
const v2LongerScript = caseRun("unfixed-guard", (f) => ({ ...f.unfixedGuard.case, scriptedResponses: 12 }));
const v2NeverSubmits = caseRun("unfixed-guard", (f) => ({ ...f.noTurnBound.case, maxTurns: 4 }));

/** "31 = 30 scripted + 1", or "≠" when the count does not follow the script. */
const againstScript = (r: TurnLimitRow) =>
  `${r.providerRequests} ${r.providerRequests === r.scriptedResponses + 1 ? "=" : "≠"} ${r.scriptedResponses} scripted + 1`;

const caseEvidence = (r: TurnLimitRow) =>
  `${r.variant}, ${r.scenario}, ${r.scriptedResponses} scripted, maxTurns ${r.maxTurns}, maxAttempts ${r.maxAttempts}: ` +
  `${r.providerRequests} provider requests, outcome ${r.outcome}`;

/** The claims of "The bug history": the book's figures for the two earlier versions. */
export const bugHistoryChecks: Check[] = [
  {
    id: "ch38.bug.unfixed-7-requests",
    async run() {
      const { BOOK_FIGURES: figures } = await turnLimitCases();
      const book = await v2Book();
      const longer = await v2LongerScript();
      const bookCase = facts(caseEvidence(book), `${againstScript(book)} (last response: "${book.lastErrorMessage}")`);
      // A longer script giving a larger figure leaves the book's observation of its own run
      // true: that is ch38.found.bug-figures-follow-script, named here, not a counterexample.
      return verdictOf(
        book.providerRequests === figures.unfixedGuard.requests && book.outcome.startsWith("{"),
        facts(
          bookCase,
          `the figure follows the script (ch38.found.bug-figures-follow-script): ${longer.scriptedResponses} scripted give ${againstScript(longer)}, outcome ${longer.outcome}`,
        ),
      );
    },
  },
  {
    id: "ch38.bug.unfixed-bound-stops-after-submit",
    async run() {
      const stored = await v2LongerScript();
      const neverSubmits = await v2NeverSubmits();
      return verdictOf(
        stored.providerRequests > stored.maxTurns && neverSubmits.providerRequests === neverSubmits.maxTurns,
        facts(
          `unfixed guard without a stored value: the bound ${neverSubmits.providerRequests === neverSubmits.maxTurns ? "fired" : "did not fire"} (${caseEvidence(neverSubmits)})`,
          `with one: it ${stored.providerRequests > stored.maxTurns ? "did not fire" : "fired"} (${caseEvidence(stored)})`,
        ),
      );
    },
  },
  {
    id: "ch38.bug.no-turn-bound-31-requests",
    async run() {
      const { BOOK_FIGURES: figures } = await turnLimitCases();
      const book = await v1Book();
      const shorter = await v1ShorterScript();
      const oneAttempt = await v1OneAttempt();
      const bookCase = facts(caseEvidence(book), `${againstScript(book)} (last response: "${book.lastErrorMessage}")`);
      // As for the unfixed guard: the figure following the script is a finding, not a counterexample.
      return verdictOf(
        book.providerRequests === figures.noTurnBound.requests,
        facts(
          bookCase,
          `the figure follows the script, whatever maxAttempts (ch38.found.bug-figures-follow-script): ${shorter.scriptedResponses} scripted give ${againstScript(shorter)}, outcome ${shorter.outcome}`,
          `maxAttempts ${oneAttempt.maxAttempts} gives ${againstScript(oneAttempt)}`,
        ),
      );
    },
  },
];
