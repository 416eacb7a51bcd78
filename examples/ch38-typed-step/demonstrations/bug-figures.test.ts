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
