import { contentText } from "@earendil-works/pi-ai";
import { caseMappedExcerpt } from "./case-mapped-excerpt.ts";
import { lookupEvidence } from "../research-agent.ts";

/** One text, looked up by the book's tool and by the companion's excerpt. */
export interface ExcerptComparison {
  name: string;
  query: string;
  /** The book's excerpt: the tool's line without its `[id] ` tag. */
  book: { excerpt: string; holdsMatch: boolean; wellFormed: boolean };
  companion: { excerpt: string; holdsMatch: boolean; wellFormed: boolean };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The two texts where lower-casing and code units part ways with what a reader sees. */
export const EXCERPT_CASES = [
  // Each "İ" lower-cases to "i̇", two code units: 300 of them put the lower-cased match 300 units late.
  { name: "300 × İ before the match", text: `${"İ".repeat(300)}NEEDLE tail`, query: "needle", match: "NEEDLE" },
  // 500 code units from the start end inside the 250th emoji.
  { name: "a 500-unit window ending inside an emoji", text: `x${"😀".repeat(300)}`, query: "x", match: "x" },
] as const;

function judged(excerpt: string, match: string) {
  return { excerpt, holdsMatch: excerpt.includes(match), wellFormed: !LONE_SURROGATE.test(excerpt) };
}

/** Runs the book's lookup (the listing) and the companion's excerpt on each case. */
export async function compareExcerpts(): Promise<ExcerptComparison[]> {
  const rows: ExcerptComparison[] = [];
  for (const { name, text, query, match } of EXCERPT_CASES) {
    const result = await lookupEvidence({ doc: text }).execute("excerpt", { query });
    const book = contentText(result.content).replace(/^\[doc\] /, "");
    rows.push({
      name,
      query,
      book: judged(book, match),
      companion: judged(caseMappedExcerpt(text, query) ?? "", match),
    });
  }
  return rows;
}
