import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { BOOK_CATALOGUE_PATH, CATALOGUE_PATH, readCatalogue } from "./catalogue.ts";

test("catalogue: chapters/claims.tsv is identical to the book's ../shared/book/claims.tsv", (t) => {
  if (!existsSync(BOOK_CATALOGUE_PATH)) {
    assert.fail(
      `the book's catalogue is missing at ${BOOK_CATALOGUE_PATH}; check out shared/ beside the project to compare the copy`,
    );
  }
  const ours = readFileSync(CATALOGUE_PATH, "utf8");
  const book = readFileSync(BOOK_CATALOGUE_PATH, "utf8");
  if (ours === book) return;
  const ourIds = new Set(readCatalogue(CATALOGUE_PATH).map((c) => c.id));
  const bookIds = new Set(readCatalogue(BOOK_CATALOGUE_PATH).map((c) => c.id));
  const missing = [...bookIds].filter((id) => !ourIds.has(id));
  const extra = [...ourIds].filter((id) => !bookIds.has(id));
  t.diagnostic(`ids only in the book: ${missing.join(", ") || "none"}; only in ours: ${extra.join(", ") || "none"}`);
  assert.equal(ours, book, "chapters/claims.tsv differs from ../shared/book/claims.tsv: copy the book's file over ours");
});
