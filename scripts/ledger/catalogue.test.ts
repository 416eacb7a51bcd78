import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { BOOK_CATALOGUE_PATH, CATALOGUE_PATH, readAllClaims, readCatalogue, readFindings } from "./catalogue.ts";
import { scratchDir } from "../lib/scratch-dir.ts";

const bookMissing = existsSync(BOOK_CATALOGUE_PATH)
  ? false
  : `no book catalogue at ${BOOK_CATALOGUE_PATH} (a reader's clone has none); chapters/claims.tsv is the catalogue`;

test(
  "catalogue: chapters/claims.tsv is identical to the book's ../shared/book/claims.tsv",
  { skip: bookMissing },
  (t) => {
    const ours = readFileSync(CATALOGUE_PATH, "utf8");
    const book = readFileSync(BOOK_CATALOGUE_PATH, "utf8");
    if (ours === book) return;
    const ourIds = new Set(readCatalogue(CATALOGUE_PATH).map((c) => c.id));
    const bookIds = new Set(readCatalogue(BOOK_CATALOGUE_PATH).map((c) => c.id));
    const missing = [...bookIds].filter((id) => !ourIds.has(id));
    const extra = [...ourIds].filter((id) => !bookIds.has(id));
    t.diagnostic(`ids only in the book: ${missing.join(", ") || "none"}; only in ours: ${extra.join(", ") || "none"}`);
    assert.equal(
      ours,
      book,
      "chapters/claims.tsv differs from ../shared/book/claims.tsv: copy the book's file over ours",
    );
  },
);

test("findings: chapters/findings.tsv has the catalogue's four columns, every row labelled found, no id shared with the book's", () => {
  const findings = readFindings();
  const bookIds = new Set(readCatalogue().map((c) => c.id));
  assert.deepEqual(
    findings.filter((f) => bookIds.has(f.id)).map((f) => f.id),
    [],
  );
  assert.equal(readAllClaims().length, bookIds.size + findings.length);
  assert.deepEqual(
    readAllClaims().map((r) => r.catalogue),
    [...Array(bookIds.size).fill("book"), ...Array(findings.length).fill("findings")],
  );
});

test("findings: a row labelled other than found, or an id also in the book's catalogue, is refused naming the id", () => {
  const dir = scratchDir("findings");
  const path = join(dir, "findings.tsv");
  writeFileSync(path, "id\tlabel\tsource\tclaim\nch38.found.x\tobserved\tch38\tsomething measured\n");
  assert.throws(() => readFindings(path), /ch38\.found\.x is labelled observed; every finding is labelled found/);
  writeFileSync(path, "id\tlabel\tsource\tclaim\nch38.found.x\tfound\tch38\tsomething measured\n");
  assert.deepEqual(
    readFindings(path).map((f) => f.id),
    ["ch38.found.x"],
  );
  writeFileSync(path, `id\tlabel\tsource\tclaim\n${readCatalogue()[0]!.id}\tfound\tch37\ttwice\n`);
  assert.throws(
    () => readAllClaims(CATALOGUE_PATH, path),
    /is in both chapters\/claims\.tsv and chapters\/findings\.tsv/,
  );
  writeFileSync(path, "id\tlabel\tclaim\n");
  assert.throws(() => readFindings(path), /findings\.tsv: the header must be id<tab>label<tab>source<tab>claim/);
});
