import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { BOOK_CATALOGUE_PATH, CATALOGUE_PATH, readCatalogue } from "./catalogue.ts";

const bookMissing = existsSync(BOOK_CATALOGUE_PATH)
  ? false
  : `no book catalogue at ${BOOK_CATALOGUE_PATH} (a reader's clone has none); chapters/claims.tsv is the catalogue`;

test("catalogue: chapters/claims.tsv is identical to the book's ../shared/book/claims.tsv", { skip: bookMissing }, (t) => {
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
