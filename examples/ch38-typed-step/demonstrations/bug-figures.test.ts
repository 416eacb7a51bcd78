import assert from "node:assert/strict";
import { test } from "node:test";
import { BOOK_FIGURES } from "../support/turn-limit-cases.ts";
import { measureCase } from "./turn-limit-table.ts";

test("ch38.found.bug-figures-follow-script: 31 and 7 are the script's length + 1, and a longer or shorter script moves them", async () => {
  const runs = [
    await measureCase("no-turn-bound", BOOK_FIGURES.noTurnBound.case),
    await measureCase("no-turn-bound", { ...BOOK_FIGURES.noTurnBound.case, scriptedResponses: 20 }),
    await measureCase("unfixed-guard", BOOK_FIGURES.unfixedGuard.case),
    await measureCase("unfixed-guard", { ...BOOK_FIGURES.unfixedGuard.case, scriptedResponses: 12 }),
  ];
  assert.deepEqual(
    runs.map((r) => r.providerRequests),
    [31, 21, 7, 13],
  );
});

// BOOK_FIGURES states the book's two counts; each is held to what its version of step() does
// on its case, so a figure stated wrongly there cannot pass for the book's.
for (const [name, figure] of Object.entries(BOOK_FIGURES)) {
  const claim = name === "noTurnBound" ? "ch38.bug.no-turn-bound-31-requests" : "ch38.bug.unfixed-7-requests";
  test(`${claim}: BOOK_FIGURES.${name} (${figure.requests} requests) is what the ${figure.variant} version makes on its case`, async () => {
    assert.equal((await measureCase(figure.variant, figure.case)).providerRequests, figure.requests);
  });
}
