import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { CONTEXT_BEFORE } from "../support/book-research-agent.ts";
import { caseMappedExcerpt } from "./case-mapped-excerpt.ts";
import { compareExcerpts } from "./case-mapped-excerpt-demo.ts";

const SEED = 37_0002;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

test("ch37.found.case-mapped-excerpt: after 300 × İ the book's excerpt loses the match; the companion's starts 120 characters before it", async () => {
  const [dotted] = await compareExcerpts();
  assert.deepEqual([dotted?.book.holdsMatch, dotted?.companion.holdsMatch], [false, true]);
  assert.equal(dotted?.book.excerpt, "…", "the book's window starts past the end of the text");
  assert.equal(dotted?.companion.excerpt.indexOf("NEEDLE"), 1 + CONTEXT_BEFORE);
});

test("ch37.found.case-mapped-excerpt: a 500-unit window can split a surrogate pair in the book's excerpt, never in the companion's", async () => {
  const [, emoji] = await compareExcerpts();
  assert.deepEqual([emoji?.book.wellFormed, emoji?.companion.wellFormed], [false, true]);
});

test("ch37.found.case-mapped-excerpt: the companion's excerpt never splits a surrogate pair", () => {
  // Found by this property ("x" followed by 300 emoji cut at 500 code units) in the companion's first lookup.
  const unit = fc.constantFrom("😀", "𝔸", "x", " ", "é");
  fc.assert(
    fc.property(
      fc.string({ unit, minLength: 200, maxLength: 1_200 }),
      fc.constantFrom("x", "é", "x x", "😀"),
      (text, query) => {
        assert.doesNotMatch(caseMappedExcerpt(text, query) ?? "", LONE_SURROGATE);
      },
    ),
    { seed: SEED, numRuns: 200 },
  );
});

test("ch37.found.case-mapped-excerpt: the companion's excerpt holds the match whenever the book's rule finds one", () => {
  const unit = fc.constantFrom("İ", "i", "I", "Σ", "σ", "a", " ");
  fc.assert(
    fc.property(
      fc.string({ unit, maxLength: 400 }),
      fc.string({ unit: fc.constantFrom("a", "i", "σ"), minLength: 1, maxLength: 2 }),
      (text, query) => {
        const excerpt = caseMappedExcerpt(text, query);
        assert.equal(excerpt !== undefined, text.toLowerCase().includes(query));
        if (excerpt !== undefined) assert.ok(excerpt.toLowerCase().includes(query), JSON.stringify({ text, query }));
      },
    ),
    { seed: SEED, numRuns: 300 },
  );
});
