import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { counterexampleFiles } from "../counterexample/files.ts";
import { runCommand } from "../lib/command.ts";
import { interleave, median, type Contender } from "./interleave.ts";
import { ms, type BenchSection } from "./section.ts";

const TITLE = "Each counterexample as a reader runs it, npx tsx FILE";

/** What `npx tsx FILE` may take for a counterexample on two idle cores (issue 32). */
export const COUNTEREXAMPLE_TARGET_MS = 2000;

/** What only starts npx, tsx and Node: the floor under every counterexample's time. */
const START_UP = "scripts/bench/noop.ts";

/** One file's runs: wall times (ms) of its cold and its warm runs, one of each per repetition. */
export interface FileTimes {
  file: string;
  cold: number[];
  warm: number[];
}

/** Whether `stdout` holds both of a counterexample's cases, as formatCounterexample prints them. */
const printsBothCases = (stdout: string) =>
  /case \(the sentence is/.test(stdout) && /does not mention \(the sentence is/.test(stdout);

/**
 * `npx tsx FILE` for every counterexample (and for a file that does nothing), each cold, then
 * warm: cold in a fresh temporary folder (tsx keeps its compiled files under TMPDIR), as at the
 * first run after a change to every file it reaches; warm is the run just after, with it filled.
 */
export async function measureCounterexamples(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const loadAtStart = loadavg()[0] ?? 0;
  const files = [START_UP, ...counterexampleFiles(root).map((c) => c.file)];
  const times = new Map<string, FileTimes>(files.map((file) => [file, { file, cold: [], warm: [] }]));
  let failure: string | undefined;
  const timed = async (file: string, env: NodeJS.ProcessEnv) => {
    const started = performance.now();
    const { code, stdout, stderr } = await runCommand("npx", ["tsx", file], { cwd: root, env });
    const wall = performance.now() - started;
    if (code !== 0 || (file !== START_UP && !printsBothCases(stdout)))
      failure ??= `npx tsx ${file} exited with status ${code}${code === 0 ? " without printing both cases" : ` (${stderr.trim().split("\n").at(-1) ?? ""})`}`;
    return wall;
  };
  const contenders: Contender[] = files.map((file) => ({
    name: file,
    run: async () => {
      const scratch = mkdtempSync(join(tmpdir(), "pi-bench-counterexample-"));
      try {
        const env = { ...process.env, TMPDIR: scratch };
        const entry = times.get(file)!;
        entry.cold.push(await timed(file, env));
        entry.warm.push(await timed(file, env));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  }));
  await interleave(contenders, repetitions, "wall", (done) =>
    progress(`counterexamples: repetition ${done}/${repetitions}`),
  );
  if (failure !== undefined)
    return { kind: "skipped", title: TITLE, reason: `${failure}; a run that did not show both cases is not a time` };
  const load = `load ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${availableParallelism()} cores`;
  const { [START_UP]: startUp, ...rest } = Object.fromEntries(times);
  return counterexampleSection(startUp!, Object.values(rest), load, repetitions);
}

/** The section from the timings: the start-up floor, each counterexample cold and warm, and the load they ran at. */
export function counterexampleSection(
  startUp: FileTimes,
  files: readonly FileTimes[],
  load: string,
  repetitions: number,
): BenchSection {
  const name = (file: string) => file.split("/").at(-1)!;
  const slowest = (which: "cold" | "warm") => files.reduce((a, b) => (median(b[which]) > median(a[which]) ? b : a));
  const verdict = (which: "cold" | "warm") => {
    const worst = slowest(which);
    const at = median(worst[which]);
    const over = files.filter((f) => median(f[which]) > COUNTEREXAMPLE_TARGET_MS).length;
    return `${which}, the slowest is ${name(worst.file)} at ${ms(at)}: ${at <= COUNTEREXAMPLE_TARGET_MS ? "within" : "over"} the ${ms(COUNTEREXAMPLE_TARGET_MS)} goal (${over} of ${files.length} over it)`;
  };
  return {
    kind: "measured",
    title: TITLE,
    method:
      `\`npx tsx FILE\` from the project root for each of the ${files.length} counterexamples, and for \`${START_UP}\` (which does nothing: npm's npx, tsx's own process and the Node it starts), ` +
      `each run cold and then warm: cold in a fresh TMPDIR (tsx keeps the files it compiled there), as the first run after every file it reaches changed; ` +
      `warm the run just after it. Nothing else is kept between runs (the one strict compile, TypeScript 7's, keeps no store). A run counts only when it exits 0 and prints both cases. ` +
      `Interleaved, ${repetitions} run(s) each, first place rotating; wall time, medians (${load}). The goal is for two idle cores; on a loaded machine every row stretches, the start-up row with them.`,
    tables: [
      {
        header: ["file", "median wall time, cold", "median wall time, warm"],
        rows: [
          [`${START_UP} (start-up only)`, ms(median(startUp.cold)), ms(median(startUp.warm))],
          ...files.map((f) => [name(f.file), ms(median(f.cold)), ms(median(f.warm))]),
        ],
      },
    ],
    findings: [
      `npx tsx on a counterexample, measured at ${load}: ${verdict("cold")}; ${verdict("warm")}. ` +
        `Start-up alone (npx, tsx, Node) takes ${ms(median(startUp.warm))} warm.`,
    ],
  };
}
