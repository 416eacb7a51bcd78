import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_MAX_ATTEMPTS } from "./run-step.ts";
import { BOOK_FIGURES, conclusion, explainRequests, legend, measureCase, versions, type TurnLimitRow } from "./turn-limit-table.ts";

// The bug history, replayed: the same scripted models through the earlier versions and the fix.

test("first version, a model that never submits: 31 requests under a 30-response script — ch38.bug.no-turn-bound-31-requests", async () => {
  const row = await measureCase("no-turn-bound", BOOK_FIGURES.noTurnBound.case);
  assert.equal(BOOK_FIGURES.noTurnBound.case.scriptedResponses, 30);
  assert.equal(row.providerRequests, 31);
  assert.equal(row.outcome, "provider", "the 31st request found the script empty");
});

test("unfixed guard, maxTurns 2, submit + lookup every turn: 7 requests and the value — ch38.bug.unfixed-7-requests", async () => {
  const row = await measureCase("unfixed-guard", BOOK_FIGURES.unfixedGuard.case);
  assert.equal(BOOK_FIGURES.unfixedGuard.case.scriptedResponses, 6);
  assert.equal(row.providerRequests, 7);
  assert.equal(row.outcome, JSON.stringify({ verdict: "supported" }));
});

test("unfixed guard: once a value is stored the bound no longer fires — ch38.bug.unfixed-bound-stops-after-submit", async () => {
  const c = { scenario: "submit + lookup every turn", scriptedResponses: 12, maxTurns: 3, maxAttempts: DEFAULT_MAX_ATTEMPTS } as const;
  const unfixed = await measureCase("unfixed-guard", c);
  const fixed = await measureCase("fixed", c);
  assert.equal(unfixed.providerRequests, 13, "ran until the script was spent");
  assert.equal(fixed.providerRequests, 3, "the fix stops at maxTurns");
});

test("the conclusion names the parameter the counts follow, from the rows given", () => {
  const row = (variant: TurnLimitRow["variant"], providerRequests: number): TurnLimitRow => ({
    variant,
    scenario: variant === "unfixed-guard" ? "submit + lookup every turn" : "never submits",
    scriptedResponses: 30,
    maxTurns: 5,
    maxAttempts: 3,
    providerRequests,
    streamFnCalls: providerRequests + 1,
    turns: providerRequests,
    outcome: "provider",
    lastErrorMessage: undefined,
    lastStopReason: undefined,
  });
  assert.equal(explainRequests([row("no-turn-bound", 31)]), "the script length + 1");
  assert.equal(explainRequests([row("no-turn-bound", 3)]), "maxAttempts");
  assert.equal(explainRequests([row("no-turn-bound", 12)]), undefined);
  assert.match(conclusion([row("no-turn-bound", 3), row("unfixed-guard", 5), row("fixed", 5)]), /count \(book: 31\) is maxAttempts/);
});

test("the legend names every column and version, and explains the fixed version's turns 11 at maxTurns 10 from the run", async () => {
  const run = await measureCase("fixed", BOOK_FIGURES.noTurnBound.case);
  assert.deepEqual([run.maxTurns, run.providerRequests, run.streamFnCalls, run.turns], [10, 10, 11, 11]);
  const text = legend([run]);
  for (const name of ["variant", "scenario", "scripted", "maxTurns", "maxAttempts", "provider requests", "stream-fn calls", "turns", "outcome"]) {
    assert.match(text, new RegExp(`^${name} |; ${name}:`, "m"), name);
  }
  for (const { variant } of versions) assert.match(text, new RegExp(`^  ${variant} +\\S`, "m"), variant);
  assert.match(text, /turns = maxTurns \+ 1 \(e\.g\. 11 at maxTurns 10\) in all 1 rows/);
  assert.match(text, /reason "error" \(This operation was aborted\)\. maxTurns bounds the requests, not the turn_end events\./);
});

test("the legend does not claim maxTurns + 1 turns when the rows do not show it", async () => {
  const run = await measureCase("fixed", BOOK_FIGURES.noTurnBound.case);
  const text = legend([{ ...run, turns: run.maxTurns }]);
  assert.doesNotMatch(text, /e\.g\. 11 at maxTurns 10/);
  assert.match(text, /fixed: 0 of 1 rows that stopped at maxTurns requests show maxTurns \+ 1 turns/);
});
