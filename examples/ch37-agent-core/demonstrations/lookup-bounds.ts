import { contentText } from "@earendil-works/pi-ai";
import { OMITTED_LINE } from "../support/book-research-agent.ts";
import { lookupEvidence } from "../research-agent.ts";

/** What the tool returned for more matches than it shows, each in a long text. */
export interface LookupBoundsRun {
  matching: number;
  /** Lines of the form `[id] excerpt`. */
  hitLines: number;
  omittedLine: boolean;
  /** Longest excerpt, ellipses excluded. */
  longestExcerpt: number;
  /** Characters of context kept before the match in the first hit. */
  contextBefore: number;
}

/** Looks up a word that seven long texts contain, each 1,000 characters into 2,000. */
export async function measureLookupBounds(): Promise<LookupBoundsRun> {
  const corpus = Object.fromEntries(
    Array.from({ length: 7 }, (_, i) => [`long-${i + 1}`, `${"x".repeat(1000)}release${"y".repeat(993)}`]),
  );
  const result = await lookupEvidence(corpus).execute("bounds", { query: "release" });
  const lines = contentText(result.content).split("\n");
  const excerpts = lines
    .filter((line) => line !== OMITTED_LINE && line.startsWith("["))
    .map((line) => line.replace(/^\[[^\]]*\] /, "").replace(/^…|…$/g, ""));
  return {
    matching: Object.keys(corpus).length,
    hitLines: excerpts.length,
    omittedLine: lines.at(-1) === OMITTED_LINE,
    longestExcerpt: Math.max(0, ...excerpts.map((e) => e.length)),
    contextBefore: excerpts[0]?.indexOf("release") ?? -1,
  };
}
