import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { joinText, readNotebook } from "../notebooks/notebook-file.ts";
import { executeNotebook, type CellFailure, type ExecutedNotebook } from "../notebooks/execute-notebook.ts";
import { KERNEL_NAME } from "../notebooks/kernelspec.ts";
import { timeTsx, type TimedProcess } from "./child-process.ts";
import { interleave, median, medianRatio } from "./interleave.ts";
import { notebookAsScript } from "./notebook-as-script.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

const RUNNER = "scripts/notebooks/execute-notebook.ts";
/** Generous: a cell that type-checks `new Agent(...)` takes seconds on a loaded machine. */
const CELL_TIMEOUT_MS = 300_000;

/** Each notebook's headless execution beside the same code run as one module by tsx. */
export async function measureNotebooks(root: string, repetitions: number, progress: (line: string) => void): Promise<BenchSection> {
  const title = "Notebooks: headless kernel against tsx";
  if (!existsSync(join(root, RUNNER))) return { kind: "skipped", title, reason: `${RUNNER} does not exist yet` };
  const dir = join(root, "notebooks");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".ipynb")).sort() : [];
  if (files.length === 0) return { kind: "skipped", title, reason: "notebooks/ holds no notebooks yet" };

  // The scripts live under .cache/ (ignored by git and by tsc), one directory per run.
  const scratch = join(root, ".cache", `bench-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  // The cells import project files relative to the project root (the kernel runs there).
  const toScratch = (specifier: string): string => {
    if (!specifier.startsWith("./") && !specifier.startsWith("../")) return specifier;
    const moved = relative(scratch, join(root, specifier));
    return moved.startsWith(".") ? moved : `./${moved}`;
  };
  const rows: string[][] = [];
  const findings: string[] = [];
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
      const script = notebookAsScript(cells, toScratch);
      if (typeof script !== "string") {
        rows.push([file, String(cells.length), "", "", `not comparable: ${script.message}`]);
        continue;
      }
      const scriptPath = join(scratch, `${basename(file, ".ipynb")}.ts`);
      writeFileSync(scriptPath, script);
      const executions: (ExecutedNotebook | CellFailure)[] = [];
      const scripts: TimedProcess[] = [];
      const samples = await interleave(
        [
          { name: "kernel", run: async () => void executions.push(await executeNotebook(join(dir, file), nb, { timeoutMs: CELL_TIMEOUT_MS })) },
          { name: "tsx", run: async () => void scripts.push(await timeTsx([relative(root, scriptPath)], root)) },
        ],
        repetitions,
        "wall",
        (done) => progress(`notebooks (${file}): repetition ${done}/${repetitions}`),
      );
      const failed = [
        ...executions.flatMap((e) => (e.kind === "executed" ? [] : [`kernel: ${e.kind} in cell ${e.cellIndex ?? "(none)"}: ${e.message}`])),
        ...scripts.filter((r) => r.status !== 0).map((r) => `tsx exited ${r.status}: ${r.stderrTail}`),
      ];
      if (failed.length > 0) {
        rows.push([file, String(cells.length), "", "", `not comparable: ${failed[0]!.replace(/\|/g, "\\|")}`]);
        continue;
      }
      const overhead = medianRatio(samples.kernel!, samples.tsx!);
      rows.push([file, String(cells.length), ms(median(samples.kernel!)), ms(median(samples.tsx!)), ratio(overhead)]);
      findings.push(`${file}: the kernel takes ${ratio(overhead)} the time of tsx for the same ${cells.length} cells.`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return {
    kind: "measured",
    title,
    method: `Each notebook executed headless by the project's runner (\`executeNotebook\` in ${RUNNER}: kernel start, then each cell type-checked and run; stored outputs not compared) against its code cells run as one module by \`node --import tsx\` in a child process (imports gathered, each cell in its own block, no type-check); interleaved, ${repetitions} run(s) each, wall time; medians and the median of per-run ratios.`,
    tables: [{ header: ["notebook", "code cells", "headless kernel", "tsx", "kernel / tsx"], rows }],
    findings,
  };
}
