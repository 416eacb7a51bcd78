import fc from "fast-check";
import type { Corpus, lookupEvidence } from "../../examples/ch37-agent-core/research-agent.ts";
import { firstDifference, type Item } from "./first-difference.ts";

// Differential fuzzing of lookupEvidence: ours and a reader's on the same corpus and query,
// compared by what the model and the host see (the result's text, its details, or a throw).

/** A generated lookup: a corpus (a record from id to text) and the query the model sends. */
export interface LookupCase {
  corpus: Corpus;
  query: string;
}

export type LookupFunction = typeof lookupEvidence;

// Characters whose lower case differs in length or form ("İ" → "i̇", "ẞ" → "ß", the Kelvin
// sign → "k", final and medial sigma), a surrogate pair, and plain words, so that excerpts
// are cut where case mapping and UTF-16 make a difference.
const PIECES = [
  "İ",
  "ẞ",
  "ß",
  "K",
  "Σ",
  "ς",
  "σ",
  "😀",
  "ǅ",
  "ﬀ",
  "release ",
  "Release ",
  "shipped ",
  "2.4 ",
  "the ",
  " ",
  "x",
  "a",
];
const pieceArb = fc.constantFrom(...PIECES);
const textArb = fc
  .tuple(fc.array(pieceArb, { maxLength: 40 }), fc.nat({ max: 700 }), fc.array(pieceArb, { maxLength: 40 }))
  .map(([head, pad, tail]) => `${head.join("")}${"-".repeat(pad)}${tail.join("")}`);
// Integer-like ids come first in Object.entries order, whatever their insertion order.
const idArb = fc.oneof(fc.constantFrom("a", "b", "doc", "z9", "10", "2", "0", "007"), fc.nat({ max: 30 }).map(String));
const corpusArb: fc.Arbitrary<Corpus> = fc.dictionary(idArb, textArb, { maxKeys: 9 });

/** A query: a piece of a document (sometimes in another case, padded with spaces), or a piece of text from anywhere. */
function queryArb(corpus: Corpus): fc.Arbitrary<string> {
  const texts = Object.values(corpus).filter((t) => t.length > 0);
  const random = fc.array(pieceArb, { minLength: 1, maxLength: 3 }).map((p) => p.join(""));
  if (texts.length === 0) return random;
  const slice = fc
    .tuple(
      fc.constantFrom(...texts),
      fc.nat(),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom("same", "upper", "lower"),
      fc.constantFrom("", " ", "  \t"),
    )
    .map(([text, at, length, form, pad]) => {
      const start = at % text.length;
      const piece = text.slice(start, start + length);
      const cased = form === "upper" ? piece.toUpperCase() : form === "lower" ? piece.toLowerCase() : piece;
      return `${pad}${cased}${pad}`;
    });
  return fc.oneof({ weight: 4, arbitrary: slice }, { weight: 1, arbitrary: random });
}

/** Random corpora and queries, Unicode and case-changing characters included. */
export const lookupCaseArb: fc.Arbitrary<LookupCase> = corpusArb.chain((corpus) =>
  queryArb(corpus).map((query) => ({ corpus, query })),
);

/** What one lookup gave: each text block and the details, or what it threw. */
async function lookupOutcome(lookup: LookupFunction, c: LookupCase): Promise<Item[]> {
  try {
    const result = await lookup(c.corpus).execute("fuzz", { query: c.query });
    return [
      ...result.content.map((block, i): Item => [`content[${i}]`, JSON.stringify(block)]),
      ["details", JSON.stringify(result.details)],
    ];
  } catch (error) {
    return [["a throw", error instanceof Error ? `${error.name}: ${error.message}` : String(error)]];
  }
}

/** Where ours and theirs part on one lookup, the first difference aligned; or undefined. */
export async function lookupDivergence(
  ours: LookupFunction,
  theirs: LookupFunction,
  c: LookupCase,
): Promise<string | undefined> {
  const [a, b] = [await lookupOutcome(ours, c), await lookupOutcome(theirs, c)];
  return firstDifference("the answers differ", a, b);
}
