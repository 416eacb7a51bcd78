import { lookupEvidence, type Corpus } from "../../examples/ch37-agent-core/research-agent.ts";
import { interleave, median, medianRatio } from "./interleave.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

// The lookup tool across corpus sizes. Each sample scans the same number of entries in
// total (fewer calls on bigger corpora), so a linear tool shows the same time per sample
// and a ratio of 10 per tenfold corpus.

export const CORPUS_SIZES = [100, 1_000, 10_000, 100_000] as const;
const ENTRIES_PER_SAMPLE = 1_000_000;

function corpusOf(size: number): Corpus {
  return Object.fromEntries(
    Array.from({ length: size }, (_, i) => [
      `entry-${i}`,
      `Entry ${i}: the quarterly report lists budget figures, staffing levels and the release calendar for team ${i % 97}.`,
    ]),
  );
}

async function lookupText(corpus: Corpus, query: string): Promise<string> {
  const result = await lookupEvidence(corpus).execute("bench", { query });
  const block = result.content[0];
  return block?.type === "text" ? block.text : "";
}

/** Measures one lookup per corpus size, for a query that misses (a full scan) and one that hits every entry. */
export async function measureLookupGrowth(
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const corpora = new Map(CORPUS_SIZES.map((size) => [size, corpusOf(size)]));
  const tables = [];
  const findings: string[] = [];
  for (const [label, query] of [
    ["a query that misses (every entry scanned)", "quantum"],
    ["a query that hits every entry", "quarterly"],
  ] as const) {
    const calls = (size: number) => Math.max(1, ENTRIES_PER_SAMPLE / size);
    const samples = await interleave(
      CORPUS_SIZES.map((size) => ({
        name: String(size),
        run: async () => {
          for (let i = 0; i < calls(size); i++) await lookupText(corpora.get(size)!, query);
        },
      })),
      repetitions,
      "cpu",
      (done) => progress(`lookup growth (${query}): repetition ${done}/${repetitions}`),
    );
    const perCall = (size: number) => median(samples[String(size)]!) / calls(size);
    const outputs = await Promise.all(
      CORPUS_SIZES.map(async (size) => (await lookupText(corpora.get(size)!, query)).length),
    );
    const rows = CORPUS_SIZES.map((size, i) => {
      const previous = CORPUS_SIZES[i - 1];
      // Per-call ratio from per-sample samples: samples hold equal entry counts, so scale by the call counts.
      const growth =
        previous === undefined
          ? ""
          : ratio(medianRatio(samples[String(size)]!, samples[String(previous)]!) * (calls(previous) / calls(size)));
      return [size.toLocaleString("en-US"), ms(perCall(size)), growth, `${outputs[i]} characters`];
    });
    tables.push({ header: [`entries (${label})`, "median CPU time per lookup", "× previous size", "output"], rows });
    const growths = CORPUS_SIZES.slice(1).map(
      (size, i) =>
        medianRatio(samples[String(size)]!, samples[String(CORPUS_SIZES[i])]!) *
        (calls(CORPUS_SIZES[i]!) / calls(size)),
    );
    findings.push(
      `${label}: ${growths.map((g) => ratio(g)).join(", ")} per tenfold corpus (linear growth is 10×); output ${Math.min(...outputs)}–${Math.max(...outputs)} characters at every size.`,
    );
    const steepest = Math.max(...growths);
    if (steepest > 15) {
      const at = growths.indexOf(steepest);
      findings.push(
        `${label}: from ${CORPUS_SIZES[at]!.toLocaleString("en-US")} to ${CORPUS_SIZES[at + 1]!.toLocaleString("en-US")} entries the time grew ${ratio(steepest)}, faster than linear (its cause is not measured here).`,
      );
    }
  }
  return {
    kind: "measured",
    title: "lookup_evidence across corpus sizes",
    method: `Corpora of ${CORPUS_SIZES.map((s) => s.toLocaleString("en-US")).join(", ")} entries of about 110 characters. Each sample scans ${ENTRIES_PER_SAMPLE.toLocaleString("en-US")} entries in total (${CORPUS_SIZES.map((s) => Math.max(1, ENTRIES_PER_SAMPLE / s).toLocaleString("en-US")).join(", ")} calls); sizes interleaved with the first place rotating, ${repetitions} samples each, timed as this process's CPU time; growth per tenfold corpus is the median of per-repetition ratios of the time per call.`,
    tables,
    findings,
  };
}
