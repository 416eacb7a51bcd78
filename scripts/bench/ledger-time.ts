import { existsSync } from "node:fs";
import { join } from "node:path";
import { timeTsx } from "./child-process.ts";
import { interleave, median, medianRatio, type Contender } from "./interleave.ts";
import { checkoutBase, type BaseCheckout } from "./ledger-base.ts";
import { measureTsx, type MeasuredProcess } from "./ledger-process.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

const LEDGER = "scripts/ledger/main.ts";
const LEDGER_ARGS = [LEDGER, "--json", "--no-write"];
const BASELINE = "scripts/bench/noop.ts";
/** A reader's folder holding a transcription of the book's two listings: `--listings` runs it in place of ours. */
const BOOK_TRANSCRIPTION = "scripts/listings/fixtures/book";
const LISTINGS_ARGS = [...LEDGER_ARGS, "--listings", BOOK_TRANSCRIPTION];
/** The most `--listings` may cost over the same ledger with our own listings (issue 21). */
export const LISTINGS_TARGET = 1.2;

/**
 * The commit the ledger's figures are compared with by default: main just before the
 * ledger shared one TypeScript program between its checks (three programs over Pi's
 * declarations before; 39.7 s and 1.42 GB when issue 10 was filed).
 */
export const LEDGER_BASE = "600c6545d07f9fc126e46e0da0e587f4c7d1d28b";

const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

/**
 * The ledger's wall time and the peak memory of its process tree, beside a child process
 * that only starts Node and tsx and beside the ledger of `baseRev` (a temporary checkout),
 * all interleaved in one run.
 */
export async function measureLedger(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
  baseRev: string = LEDGER_BASE,
): Promise<BenchSection> {
  const title = "The claim ledger's wall time and peak memory";
  if (!existsSync(join(root, LEDGER))) return { kind: "skipped", title, reason: `${LEDGER} does not exist yet` };
  let base: BaseCheckout;
  try {
    base = checkoutBase(root, baseRev, progress);
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    return { kind: "skipped", title, reason: `no checkout of ${baseRev} to compare with (${why})` };
  }
  try {
    const runs: Record<"ledger" | "base" | "listings", MeasuredProcess[]> = { ledger: [], base: [], listings: [] };
    const contenders: Contender[] = [
      { name: "ledger", run: async () => void runs.ledger.push(await measureTsx(LEDGER_ARGS, root)) },
      { name: "listings", run: async () => void runs.listings.push(await measureTsx(LISTINGS_ARGS, root)) },
      { name: "base", run: async () => void runs.base.push(await measureTsx(LEDGER_ARGS, base.dir)) },
      { name: "start-up", run: async () => void (await timeTsx([BASELINE], root)) },
    ];
    const samples = await interleave(contenders, repetitions, "wall", (done) =>
      progress(`ledger: repetition ${done}/${repetitions}`),
    );
    for (const [name, list] of Object.entries(runs)) {
      const crashed = list.find((run) => run.status !== 0);
      if (crashed !== undefined) {
        return {
          kind: "skipped",
          title,
          reason: `the ${name === "base" ? `ledger at ${base.commit}` : name === "listings" ? "ledger with --listings" : "ledger"} exited with status ${crashed.status} (${crashed.stderrTail}); a run that did not finish is not a time`,
        };
      }
    }
    const peaks = (list: MeasuredProcess[]) => list.map((run) => run.peakBytes);
    const ledgerPeaks = peaks(runs.ledger);
    const basePeaks = peaks(runs.base);
    const memoryMeasured = [...ledgerPeaks, ...basePeaks].every((peak) => peak !== undefined);
    const wallRatio = medianRatio(samples.ledger!, samples.base!);
    const listingsRatio = medianRatio(samples.listings!, samples.ledger!);
    const listingsPeaks = peaks(runs.listings);
    const memoryRatio = memoryMeasured ? medianRatio(ledgerPeaks as number[], basePeaks as number[]) : undefined;
    const memory = (list: (number | undefined)[]) =>
      memoryMeasured ? megabytes(median(list as number[])) : "not measured (no /proc)";
    const startUp = median(samples["start-up"]!);
    return {
      kind: "measured",
      title,
      method:
        `\`node --import tsx ${LEDGER_ARGS.join(" ")}\` (every claim and finding, no appendix written) in this checkout and in a temporary checkout of ${base.commit} ` +
        `(${base.install === "shared" ? "the same lockfile, so the same node_modules" : "its own npm ci"}), the same ledger with \`--listings ${BOOK_TRANSCRIPTION}\` ` +
        `(a transcription of the book's two listings run in place of ours: a second process with the listings hook, and the reader's files checked before the run), ` +
        `and a child process that only starts Node and tsx; ` +
        `interleaved, ${repetitions} run(s) each, first place rotating; medians, and the median of per-repetition ratios. ` +
        `Peak memory is the largest sum of resident memory over the ledger's process and its children (npm, and the Node processes that run step.test.ts and ch37.no-agents-md), sampled every 50 ms from /proc. ` +
        `The ledger runs its checks four at a time and asks the npm registry about releases, so its time includes the network.`,
      tables: [
        {
          header: ["process", "median wall time", "median peak memory", "wall time / base", "peak memory / base"],
          rows: [
            ["Node + tsx start-up only", ms(startUp), "", "", ""],
            [
              `ledger at ${base.commit} (base)`,
              ms(median(samples.base!)),
              memory(basePeaks),
              ratio(1),
              memoryMeasured ? ratio(1) : "",
            ],
            [
              "ledger (this commit)",
              ms(median(samples.ledger!)),
              memory(ledgerPeaks),
              ratio(wallRatio),
              memoryRatio === undefined ? "" : ratio(memoryRatio),
            ],
          ],
        },
        {
          header: [
            "process",
            "median wall time",
            "median peak memory",
            `wall time / ledger (target at most ${ratio(LISTINGS_TARGET)})`,
          ],
          rows: [
            ["ledger (this commit)", ms(median(samples.ledger!)), memory(ledgerPeaks), ratio(1)],
            [
              `ledger -- --listings ${BOOK_TRANSCRIPTION}`,
              ms(median(samples.listings!)),
              memory(listingsPeaks),
              ratio(listingsRatio),
            ],
          ],
        },
      ],
      findings: [
        `The ledger takes ${(median(samples.ledger!) / 1000).toFixed(1)} s of wall time and ${memory(ledgerPeaks)} of peak memory for every claim: ` +
          `${ratio(wallRatio)} the wall time${memoryRatio === undefined ? "" : ` and ${ratio(memoryRatio)} the peak memory`} of the ledger at ${base.commit}, measured side by side.`,
        `With a reader's listings (\`--listings\`, the book's two listings transcribed) the ledger takes ${ratio(listingsRatio)} its wall time with ours ` +
          `(target at most ${ratio(LISTINGS_TARGET)}): ${listingsRatio <= LISTINGS_TARGET ? "within" : "over"} the target.`,
      ],
    };
  } finally {
    base.remove();
  }
}
