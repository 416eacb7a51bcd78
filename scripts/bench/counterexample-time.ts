import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { counterexampleFiles } from "../counterexample/files.ts";
import { runCommand } from "../lib/command.ts";
import { ensureNode22 } from "../node22/fetch-node.ts";
import { interleave, median, type Contender } from "./interleave.ts";
import { ms, type BenchSection } from "./section.ts";

const TITLE = "Each counterexample as a reader runs it, npx tsx FILE";

/** What `npx tsx FILE` may take for a counterexample on two idle cores (issue 32). */
export const COUNTEREXAMPLE_TARGET_MS = 2000;

/** What only starts npx, tsx and Node: the floor under every counterexample's time. */
const START_UP = "scripts/bench/noop.ts";

/** Start-up and Pi's two packages imported: what loading Pi costs a counterexample. */
const PI_ONLY = "scripts/bench/pi-only.ts";

const FLOORS = [START_UP, PI_ONLY];

/** One file's runs: wall times (ms) of its cold and its warm runs, one of each per repetition. */
export interface FileTimes {
  file: string;
  cold: number[];
  warm: number[];
}

/** Every file's runs under one Node: the floors, then each counterexample. */
export interface NodeTimes {
  /** "Node 20.20.2" */
  node: string;
  startUp: FileTimes;
  piOnly: FileTimes;
  files: FileTimes[];
}

/** A Node that `npx tsx` can run under: its name, and the environment that puts it first on PATH. */
interface Runtime {
  node: string;
  env: NodeJS.ProcessEnv;
}

/** Whether `stdout` holds both of a counterexample's cases, as formatCounterexample prints them. */
const printsBothCases = (stdout: string) =>
  /case \(the sentence is/.test(stdout) && /does not mention \(the sentence is/.test(stdout);

/**
 * This process's Node, and Node 22 beside it: Pi declares >=22.19, and on Node 22 tsx runs its
 * hooks on the importing thread (module.registerHooks), where Node 20 sends every module Pi
 * imports to a hooks thread and back. The reason when Node 22 cannot be had.
 */
async function runtimes(progress: (line: string) => void): Promise<{ runtimes: Runtime[]; missing?: string }> {
  const here: Runtime = { node: `Node ${process.versions.node}`, env: process.env };
  const node22 = await ensureNode22((line) => progress(`counterexamples: ${line}`));
  if ("kind" in node22) return { runtimes: [here], missing: node22.message };
  // npx and tsx start `node` from PATH (npx's #!/usr/bin/env node, then tsx's process.execPath).
  const PATH = `${dirname(node22.path)}${delimiter}${process.env.PATH ?? ""}`;
  return { runtimes: [here, { node: `Node ${node22.version}`, env: { ...process.env, PATH } }] };
}

/**
 * `npx tsx FILE` for every counterexample (and for the two floors), each cold, then warm, under
 * this Node and under Node 22: cold in a fresh temporary folder (tsx keeps its compiled files
 * under TMPDIR), as at the first run after a change to every file it reaches; warm is the run
 * just after, with it filled.
 */
export async function measureCounterexamples(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const { runtimes: nodes, missing } = await runtimes(progress);
  const loadAtStart = loadavg()[0] ?? 0;
  const files = [...FLOORS, ...counterexampleFiles(root).map((c) => c.file)];
  const times = nodes.map((runtime) => ({
    runtime,
    files: new Map<string, FileTimes>(files.map((file) => [file, { file, cold: [], warm: [] }])),
  }));
  let failure: string | undefined;
  const timed = async (file: string, runtime: Runtime, env: NodeJS.ProcessEnv) => {
    const started = performance.now();
    const { code, stdout, stderr } = await runCommand("npx", ["tsx", file], { cwd: root, env });
    const wall = performance.now() - started;
    if (code !== 0 || (!FLOORS.includes(file) && !printsBothCases(stdout)))
      failure ??= `npx tsx ${file} under ${runtime.node} exited with status ${code}${code === 0 ? " without printing both cases" : ` (${stderr.trim().split("\n").at(-1) ?? ""})`}`;
    return wall;
  };
  const contenders: Contender[] = times.flatMap(({ runtime, files: entries }) =>
    [...entries.values()].map((entry) => ({
      name: `${runtime.node} ${entry.file}`,
      run: async () => {
        const scratch = mkdtempSync(join(tmpdir(), "pi-bench-counterexample-"));
        try {
          const env = { ...runtime.env, TMPDIR: scratch };
          entry.cold.push(await timed(entry.file, runtime, env));
          entry.warm.push(await timed(entry.file, runtime, env));
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      },
    })),
  );
  await interleave(contenders, repetitions, "wall", (done) =>
    progress(`counterexamples: repetition ${done}/${repetitions}`),
  );
  if (failure !== undefined)
    return { kind: "skipped", title: TITLE, reason: `${failure}; a run that did not show both cases is not a time` };
  const load = `load ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end, ${availableParallelism()} cores`;
  const measured = times.map(({ runtime, files: entries }): NodeTimes => {
    const { [START_UP]: startUp, [PI_ONLY]: piOnly, ...rest } = Object.fromEntries(entries);
    return { node: runtime.node, startUp: startUp!, piOnly: piOnly!, files: Object.values(rest) };
  });
  return counterexampleSection(measured, load, repetitions, missing);
}

const name = (file: string) => file.split("/").at(-1)!;

/** "cold, the slowest is X at 2.10 s: over the 2.00 s goal (3 of 17 over it)" */
function verdict(files: readonly FileTimes[], which: "cold" | "warm"): string {
  const worst = files.reduce((a, b) => (median(b[which]) > median(a[which]) ? b : a));
  const at = median(worst[which]);
  const over = files.filter((f) => median(f[which]) > COUNTEREXAMPLE_TARGET_MS).length;
  return `${which}, the slowest is ${name(worst.file)} at ${ms(at)}: ${at <= COUNTEREXAMPLE_TARGET_MS ? "within" : "over"} the ${ms(COUNTEREXAMPLE_TARGET_MS)} goal (${over} of ${files.length} over it)`;
}

/**
 * The section from the timings: under each Node, the two floors and each counterexample cold
 * and warm, side by side, with the load they ran at; `missing` says why a Node 22 column is absent.
 */
export function counterexampleSection(
  nodes: readonly NodeTimes[],
  load: string,
  repetitions: number,
  missing?: string,
): BenchSection {
  const first = nodes[0]!;
  const cells = (pick: (n: NodeTimes) => FileTimes) =>
    nodes.flatMap((n) => [ms(median(pick(n).cold)), ms(median(pick(n).warm))]);
  const findings = nodes.map(
    (n) =>
      `${n.node}: npx tsx on a counterexample, measured at ${load}: ${verdict(n.files, "cold")}; ${verdict(n.files, "warm")}. ` +
      `Start-up alone (npx, tsx, Node) takes ${ms(median(n.startUp.warm))} warm; importing Pi's two packages adds ` +
      `${ms(median(n.piOnly.warm) - median(n.startUp.warm))} to it.`,
  );
  if (missing !== undefined) findings.push(`Node 22: not measured (${missing}).`);
  return {
    kind: "measured",
    title: TITLE,
    method:
      `\`npx tsx FILE\` from the project root for each of the ${first.files.length} counterexamples, for \`${START_UP}\` (which does nothing: npm's npx, tsx's own process and the Node it starts) ` +
      `and for \`${PI_ONLY}\` (which only imports Pi's two packages), under ${nodes.map((n) => n.node).join(" and ")} ` +
      `(Pi declares Node >=22.19; on Node 22 tsx's hooks run on the importing thread, on Node 20 each module Pi imports goes to tsx's hooks thread and back). ` +
      `Each is run cold and then warm: cold in a fresh TMPDIR (tsx keeps the files it compiled there), as the first run after every file it reaches changed; ` +
      `warm the run just after it. Nothing else is kept between runs (the one strict compile, TypeScript 7's, keeps no store). A run counts only when it exits 0 and prints both cases. ` +
      `Interleaved, ${repetitions} run(s) each, first place rotating; wall time, medians (${load}). The goal is for two idle cores; on a loaded machine every row stretches, the start-up row with them.`,
    tables: [
      {
        header: ["file", ...nodes.flatMap((n) => [`${n.node}, cold`, `${n.node}, warm`])],
        rows: [
          [`${START_UP} (start-up only)`, ...cells((n) => n.startUp)],
          [`${PI_ONLY} (start-up and Pi)`, ...cells((n) => n.piOnly)],
          ...first.files.map((f, i) => [name(f.file), ...cells((n) => n.files[i]!)]),
        ],
      },
    ],
    findings,
  };
}
