import { existsSync } from "node:fs";
import { join } from "node:path";
import { timeTsx, type TimedProcess } from "./child-process.ts";
import { interleave, median, medianRatio } from "./interleave.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

const LEDGER = "scripts/ledger/main.ts";
const BASELINE = "scripts/bench/noop.ts";

/** The ledger's wall time, beside a child process that only starts Node and tsx. */
export async function measureLedger(root: string, repetitions: number, progress: (line: string) => void): Promise<BenchSection> {
  const title = "The claim ledger's wall time";
  if (!existsSync(join(root, LEDGER))) return { kind: "skipped", title, reason: `${LEDGER} does not exist yet` };
  const runs: TimedProcess[] = [];
  // --no-write: every claim, and the ledger leaves appendix/ alone.
  const samples = await interleave(
    [
      { name: "ledger", run: async () => void runs.push(await timeTsx([LEDGER, "--json", "--no-write"], root)) },
      { name: "baseline", run: async () => void (await timeTsx([BASELINE], root)) },
    ],
    repetitions,
    "wall",
    (done) => progress(`ledger: repetition ${done}/${repetitions}`),
  );
  const crashed = runs.find((run) => run.status !== 0);
  if (crashed !== undefined) {
    return { kind: "skipped", title, reason: `the ledger exited with status ${crashed.status} (${crashed.stderrTail}); a run that did not finish is not a time` };
  }
  return {
    kind: "measured",
    title,
    method: `\`node --import tsx ${LEDGER} --json --no-write\` (every claim, no appendix written) and a child process that only starts Node and tsx, interleaved, ${repetitions} run(s) each; medians. The ledger runs its checks four at a time and asks the npm registry about releases, so its time includes the network.`,
    tables: [
      {
        header: ["process", "median wall time", "ratio to start-up"],
        rows: [
          ["Node + tsx start-up only", ms(median(samples.baseline!)), ratio(1)],
          ["ledger (every claim)", ms(median(samples.ledger!)), ratio(medianRatio(samples.ledger!, samples.baseline!))],
        ],
      },
    ],
    findings: [`The ledger takes ${(median(samples.ledger!) / 1000).toFixed(1)} s of wall time for every claim, ${ratio(medianRatio(samples.ledger!, samples.baseline!))} a bare start-up.`],
  };
}
