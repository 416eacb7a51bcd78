import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { joinText, readNotebook } from "../chapters/notebook-file.ts";
import { executeNotebook, type CellFailure, type ExecutedNotebook } from "../notebooks/execute-notebook.ts";
import { KERNEL_NAME } from "../notebooks/kernelspec.ts";
import { timeNode, timeTsx, type TimedProcess } from "./child-process.ts";
import { interleave, median, medianRatio } from "./interleave.ts";
import { notebookAsScript } from "./notebook-as-script.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

const RUNNER = "scripts/notebooks/execute-notebook.ts";
const TSC = "node_modules/typescript/bin/tsc";

/**
 * A cell a reader waits on: it imports from the project and awaits a run (in the
 * chapters' notebooks each such cell runs a step() or an Agent through project code).
 */
export function awaitsAProjectRun(source: string): boolean {
  return /from\s+["']\.\/examples\//.test(source) && /\bawait\b/.test(source);
}

/** A tsconfig beside the script: the project's settings, checking only that script. */
function tscConfigFor(scratch: string, root: string, script: string): string {
  const config = join(scratch, `${basename(script, ".ts")}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: relative(scratch, join(root, "tsconfig.json")),
      include: [basename(script)],
      exclude: [],
    }),
  );
  return config;
}
/**
 * tslab's `display` throws outside a kernel ("Not ready"); the script imports this one
 * instead, typed as tslab's, which writes what a cell would show.
 */
const DISPLAY_STAND_IN = `import type { Display } from "tslab";
const show = (data: string | Uint8Array): void => void process.stdout.write(typeof data === "string" ? \`\${data}\\n\` : \`<\${data.length} bytes>\\n\`);
export const display: Display = { javascript: show, html: show, markdown: show, latex: show, svg: show, png: show, jpeg: show, gif: show, pdf: show, text: show, raw: (_type, data) => show(data) };
`;

/**
 * Runs `work` with the kernel's conversion cache off (PI_COMPANION_KERNEL_CACHE, read by
 * start-kernel.cjs when the kernel spawns): this section measures the kernel doing what
 * tsc + tsx do, type-checking every cell; the kernels section measures the cache.
 */
async function withoutConversionCache<T>(work: () => Promise<T>): Promise<T> {
  const saved = process.env.PI_COMPANION_KERNEL_CACHE;
  process.env.PI_COMPANION_KERNEL_CACHE = "off";
  try {
    return await work();
  } finally {
    if (saved === undefined) delete process.env.PI_COMPANION_KERNEL_CACHE;
    else process.env.PI_COMPANION_KERNEL_CACHE = saved;
  }
}

/** Generous: a cell that type-checks `new Agent(...)` takes seconds on a loaded machine. */
const CELL_TIMEOUT_MS = 300_000;

/** Each notebook's headless execution beside the same code run as one module by tsx. */
export async function measureNotebooks(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const title = "Notebooks: headless kernel against tsx, and against tsc + tsx";
  if (!existsSync(join(root, RUNNER))) return { kind: "skipped", title, reason: `${RUNNER} does not exist yet` };
  const dir = join(root, "notebooks");
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".ipynb"))
        .sort()
    : [];
  if (files.length === 0) return { kind: "skipped", title, reason: "notebooks/ holds no notebooks yet" };

  // The scripts live under .cache/ (ignored by git and by tsc), one directory per run.
  const scratch = join(root, ".cache", `bench-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  writeFileSync(join(scratch, "tslab.ts"), DISPLAY_STAND_IN);
  // The cells import project files relative to the project root (the kernel runs there).
  const toScratch = (specifier: string): string => {
    if (specifier === "tslab") return "./tslab.ts";
    if (!specifier.startsWith("./") && !specifier.startsWith("../")) return specifier;
    const moved = relative(scratch, join(root, specifier));
    return moved.startsWith(".") ? moved : `./${moved}`;
  };
  const rows: string[][] = [];
  const findings: string[] = [];
  const readerCells: number[] = [];
  try {
    for (const file of files) {
      const nb = readNotebook(join(dir, file), KERNEL_NAME);
      if ("kind" in nb) {
        rows.push([file, "", "", "", `not run: ${nb.message}`]);
        continue;
      }
      const cells = nb.cells.filter((cell) => cell.cell_type === "code").map((cell) => joinText(cell.source));
      if (cells.length === 0) {
        rows.push([file, "0", "", "", "no code cells yet: nothing to compare"]);
        continue;
      }
      const timesFile = join(scratch, `${basename(file, ".ipynb")}.cell-ms.json`);
      const script = notebookAsScript(cells, toScratch, timesFile);
      if (typeof script !== "string") {
        rows.push([file, String(cells.length), "", "", `not comparable: ${script.message}`]);
        continue;
      }
      const scriptPath = join(scratch, `${basename(file, ".ipynb")}.ts`);
      writeFileSync(scriptPath, script);
      const config = tscConfigFor(scratch, root, scriptPath);
      const executions: (ExecutedNotebook | CellFailure)[] = [];
      const scripts: TimedProcess[] = [];
      const scriptCells: number[][] = []; // per tsx run, each cell's ms
      const runScript = async () => {
        rmSync(timesFile, { force: true });
        const run = await timeTsx([relative(root, scriptPath)], root);
        scripts.push(run);
        if (run.status === 0) scriptCells.push(JSON.parse(readFileSync(timesFile, "utf8")) as number[]);
      };
      const checks: TimedProcess[] = [];
      const samples = await interleave(
        [
          {
            name: "kernel",
            run: async () =>
              void executions.push(
                await withoutConversionCache(() =>
                  executeNotebook(join(dir, file), nb, { timeoutMs: CELL_TIMEOUT_MS }),
                ),
              ),
          },
          { name: "tsx", run: runScript },
          {
            name: "tsc + tsx",
            run: async () => {
              checks.push(await timeNode([TSC, "-p", relative(root, config)], root));
              await runScript();
            },
          },
        ],
        repetitions,
        "wall",
        (done) => progress(`notebooks (${file}): repetition ${done}/${repetitions}`),
      );
      const failed = [
        ...executions.flatMap((e) =>
          e.kind === "executed" ? [] : [`kernel: ${e.kind} in cell ${e.cellIndex ?? "(none)"}: ${e.message}`],
        ),
        ...scripts.filter((r) => r.status !== 0).map((r) => `tsx exited ${r.status}: ${r.stderrTail}`),
        ...checks.filter((r) => r.status !== 0).map((r) => `tsc exited ${r.status}: ${r.stdoutTail || r.stderrTail}`),
      ];
      if (failed.length > 0) {
        rows.push([file, String(cells.length), "", "", "", "", "", "", "", `not comparable: ${failed[0]!}`]);
        continue;
      }
      const runs = executions as ExecutedNotebook[];
      // Per cell: the median over runs of each cell's time, then the median over cells.
      const cellMedians = runs[0]!.cells.map((cell, i) => ({
        source: joinText(nb.cells[cell.cellIndex]!.source),
        ms: median(runs.map((run) => run.cells[i]!.ms)),
      }));
      // The same for the script's cells under tsx (both baselines run it; tsc has no per-cell time).
      const scriptCellMedians = cells.map((_, i) => median(scriptCells.map((run) => run[i]!)));
      const waited = cellMedians.filter((cell) => awaitsAProjectRun(cell.source));
      readerCells.push(...waited.map((cell) => cell.ms));
      const overTsx = medianRatio(samples.kernel!, samples.tsx!);
      const overChecked = medianRatio(samples.kernel!, samples["tsc + tsx"]!);
      rows.push([
        file,
        String(cells.length),
        ms(median(runs.map((run) => run.kernelReadyMs))),
        ms(median(cellMedians.map((cell) => cell.ms))),
        ms(median(scriptCellMedians)),
        waited.length === 0 ? "" : `${ms(median(waited.map((cell) => cell.ms)))} (${waited.length})`,
        ms(median(samples.kernel!)),
        ms(median(samples.tsx!)),
        ms(median(samples["tsc + tsx"]!)),
        `${ratio(overTsx)} / ${ratio(overChecked)}`,
      ]);
      findings.push(
        `${file}: the kernel takes ${ratio(overChecked)} the time of type-checking the same ${cells.length} cells with tsc and running them with tsx (target: at most 1.30×), and ${ratio(overTsx)} the time of tsx alone.`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (readerCells.length > 0) {
    findings.push(
      `A cell that imports from the project and awaits a run (a step() or an Agent): median ${ms(median(readerCells))} over the ${readerCells.length} such cells of the notebooks, after the kernel is ready (target: under 1 s).`,
    );
  }
  return {
    kind: "measured",
    title,
    method: `Each notebook executed headless by the project's runner (\`executeNotebook\` in ${RUNNER}: kernel start with its cache of converted cells off, then each cell type-checked and run, then 500 ms of listening for a late error only when the kernel reports work left running; stored outputs not compared) against two baselines, each a child process: its code cells run as one module by \`node --import tsx\` (imports gathered, each cell in a block nested in the previous cell's so that it sees earlier cells' names as in the kernel, tslab's \`display\` replaced by a stand-in that writes to stdout, no type-check), and that module type-checked by the project's \`tsc\` with the project's tsconfig, then run by tsx (the kernel does both). Interleaved, ${repetitions} run(s) each, wall time; medians, and the median of per-run ratios. Per-cell figures: the kernel's from a cell's request to its reply, the kernel ready; tsx's from the start of a cell's statements to the next cell's, in the script both baselines run (its imports load before the first cell; tsc checks the whole script at once, so it has no per-cell time); each the median over runs for each cell, then the median over the notebook's cells. Reader cells (kernel) are those that import from \`./examples/\` and await a run.`,
    tables: [
      {
        header: [
          "notebook",
          "code cells",
          "kernel ready",
          "median cell",
          "median cell, tsx",
          "median reader cell (count)",
          "headless kernel",
          "tsx",
          "tsc + tsx",
          "kernel / tsx, / (tsc + tsx)",
        ],
        rows,
      },
    ],
    findings,
  };
}
