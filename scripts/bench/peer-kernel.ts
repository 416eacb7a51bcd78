import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { joinText, readNotebook } from "../chapters/notebook-file.ts";
import type { ConnectionInfo, JupyterMessage } from "../notebooks/jupyter-client.ts";
import { startKernel, startKernelProcess, type RunningKernel } from "../notebooks/kernel-process.ts";
import { pythonWith, temporaryJupyter } from "../notebooks/jupyter-home.ts";
import { KERNEL_NAME } from "../notebooks/kernelspec.ts";
import { buildSnapshot, SNAPSHOT_ENV } from "../notebooks/kernel-snapshot.ts";
import { interleave, median, medianRatio } from "./interleave.ts";
import { awaitsAProjectRun } from "./notebook-overhead.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

/** Deno's binary, from the exact `deno` devDependency (the npm package ships it). */
const DENO = "node_modules/.bin/deno";
const DENO_NAME = "deno";
/** Generous: our kernel type-checks `new Agent(...)` in seconds on a loaded machine. */
const CELL_TIMEOUT_MS = 300_000;
const READY_TIMEOUT_MS = 120_000;
/** Goals of issue 30, each a multiple of Deno's on the same cells. */
const GOALS = { firstOpening: 3, secondOpening: 1.5, laterCells: 3, ownCell: 3 } as const;

/** One kernel's run of a notebook's cells, timed from the kernel's spawn. */
interface KernelRun {
  readyMs: number;
  /** From spawn to the first output of the first reader cell (the cells before it run first). */
  firstReaderOutputMs: number | undefined;
  /** Each cell's time from request to reply. */
  cellMs: number[];
  /** The index of the first reader cell (-1 for none); the cells after it are the later cells. */
  firstReader: number;
  failed: { index: number; ename: string }[];
  /** Complete requests on a name an earlier cell declared, each from request to reply. */
  completionMs: number[];
  completionMatches: number;
  /** A reader's own cell after the notebook's (one no cache holds), request to reply. */
  ownCellMs: number | undefined;
}

/** Five free TCP ports on localhost: Deno's kernel binds tcp (our client speaks both). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const server = createServer();
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * A directory Deno's kernel runs in: `deno.json` with `"nodeModulesDir": "manual"` (Pi
 * loads from the project's node_modules, which npm ci installed), the project's
 * package.json, and links to node_modules, examples/ and scripts/, so cells import as they do in
 * ours (`./examples/...`, `@earendil-works/pi-ai`).
 */
function denoWorkspace(root: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "deno.json"), `${JSON.stringify({ nodeModulesDir: "manual" })}\n`);
  copyFileSync(join(root, "package.json"), join(dir, "package.json"));
  // Deno follows a link's path, not its target: project files import ../../scripts/lib too.
  for (const linked of ["node_modules", "examples", "scripts"]) symlinkSync(join(root, linked), join(dir, linked));
}

async function startDeno(
  root: string,
  cwd: string,
): Promise<RunningKernel | { kind: "kernel-died"; message: string; detail: string }> {
  const [shell, iopub, stdin, control, hb] = await freePorts(5);
  const connection = (): ConnectionInfo => ({
    transport: "tcp",
    ip: "127.0.0.1",
    shell_port: shell!,
    iopub_port: iopub!,
    stdin_port: stdin!,
    control_port: control!,
    hb_port: hb!,
    key: crypto.randomUUID(),
    signature_scheme: "hmac-sha256",
    kernel_name: DENO_NAME,
  });
  return startKernelProcess(
    {
      name: DENO_NAME,
      argv: [join(root, DENO), "jupyter", "--kernel", "--conn", "{connection_file}"],
      connection,
      cwd,
    },
    READY_TIMEOUT_MS,
  );
}

/** Runs `code` and times its first output and its reply. */
async function timedCell(
  kernel: RunningKernel,
  code: string,
): Promise<{ firstOutputAt?: number; replyAt: number; reply: JupyterMessage }> {
  let firstOutputAt: number | undefined;
  const request = kernel.client.request("execute_request", {
    code,
    silent: false,
    store_history: true,
    user_expressions: {},
    allow_stdin: false,
    stop_on_error: false,
  });
  const stop = kernel.client.onIopub((message) => {
    if (message.parent_header.msg_id !== request.id || firstOutputAt !== undefined) return;
    if (["stream", "execute_result", "display_data", "error"].includes(message.header.msg_type))
      firstOutputAt = performance.now();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const reply = await Promise.race([
      request.reply,
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no reply in ${CELL_TIMEOUT_MS / 1000} s`)), CELL_TIMEOUT_MS)),
      ),
    ]);
    return { ...(firstOutputAt === undefined ? {} : { firstOutputAt }), replyAt: performance.now(), reply };
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** The name the last `const NAME =` of the cells declares: completing `NAME.` needs an earlier cell. */
export function lastDeclaredName(cells: readonly string[]): string | undefined {
  const names = cells.flatMap((cell) =>
    [...cell.matchAll(/^(?:const|let) ([A-Za-z_$][\w$]*)\s*[=:]/gm)].map((m) => m[1]!),
  );
  return names.at(-1);
}

const COMPLETIONS = 5;

/**
 * A reader's own cell: the first reader cell again under a comment no earlier run wrote,
 * so that no cells' cache holds it (ours checks it in full, at a second opening too).
 */
let ownCells = 0;
export function readersOwnCell(cells: readonly string[]): string | undefined {
  const reader = cells.find(awaitsAProjectRun);
  return reader === undefined
    ? undefined
    : `// a reader's own cell, in no notebook (${process.pid}-${++ownCells})\n${reader}`;
}

async function runCells(
  start: () => Promise<RunningKernel | { kind: string; message: string; detail: string }>,
  cells: readonly string[],
): Promise<KernelRun> {
  const spawned = performance.now();
  const kernel = await start();
  if ("kind" in kernel) throw new Error(`${kernel.message}\n${kernel.detail}`);
  try {
    const readyMs = performance.now() - spawned;
    const firstReader = cells.findIndex(awaitsAProjectRun);
    let firstReaderOutputMs: number | undefined;
    const cellMs: number[] = [];
    const failed: KernelRun["failed"] = [];
    for (const [index, code] of cells.entries()) {
      const sent = performance.now();
      const { firstOutputAt, replyAt, reply } = await timedCell(kernel, code);
      cellMs.push(replyAt - sent);
      if (reply.content.status !== "ok")
        failed.push({
          index,
          ename: `${String(reply.content.ename ?? reply.content.status)}: ${String(reply.content.evalue ?? "")
            .split("\n")[0]!
            .slice(0, 120)}`,
        });
      if (index === firstReader) firstReaderOutputMs = (firstOutputAt ?? replyAt) - spawned;
    }
    let ownCellMs: number | undefined;
    const own = readersOwnCell(cells);
    if (own !== undefined) {
      const sent = performance.now();
      const { replyAt, reply } = await timedCell(kernel, own);
      ownCellMs = replyAt - sent;
      if (reply.content.status !== "ok")
        failed.push({
          index: cells.length,
          ename: `${String(reply.content.ename ?? reply.content.status)} (a reader's own cell)`,
        });
    }
    const completionMs: number[] = [];
    let completionMatches = 0;
    const name = lastDeclaredName(cells);
    for (let i = 0; name !== undefined && i < COMPLETIONS; i++) {
      const code = `${name}.`;
      const sent = performance.now();
      const { content } = await kernel.client.request("complete_request", { code, cursor_pos: code.length }).reply;
      completionMs.push(performance.now() - sent);
      completionMatches = Array.isArray(content.matches) ? content.matches.length : 0;
    }
    return { readyMs, firstReaderOutputMs, cellMs, firstReader, failed, completionMs, completionMatches, ownCellMs };
  } finally {
    await kernel.stop();
  }
}

type Contender = "first" | "second" | "deno";
const CONTENDERS: readonly Contender[] = ["first", "second", "deno"];
const CONTENDER_LABELS: Record<Contender, string> = {
  first: "ours (tslab, type-checked), first opening",
  second: "ours (tslab, type-checked), second opening",
  deno: "Deno 2.9.6 (not type-checked)",
};

/**
 * Starts our kernel with its conversion cache in `cache` and its startup snapshot in
 * `snapshot` (PI_COMPANION_KERNEL_CACHE and PI_COMPANION_KERNEL_SNAPSHOT, read by the kernel).
 */
async function withKernelDirs<T>(dirs: { cache: string; snapshot: string }, start: () => Promise<T>): Promise<T> {
  const values = { PI_COMPANION_KERNEL_CACHE: dirs.cache, [SNAPSHOT_ENV]: dirs.snapshot };
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return await start();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** A reader's own cell after the notebook's, request to reply. */
const ownCellMs = (run: KernelRun) => run.ownCellMs ?? Number.NaN;

/** The cells after the first reader cell, request to reply: what a reader waits for once the notebook is going. */
const laterCellsMs = (run: KernelRun) => median(run.cellMs.slice(run.firstReader + 1));

const SUITES = "scripts/notebooks/nbclient";

/** One kernel's run of jupyter_kernel_test: counts, and the tests that failed. */
interface Conformance {
  version: string;
  pass: number;
  skip: number;
  fail: string[];
}

/**
 * jupyter_kernel_test against our kernel (conformance.py, as `npm test` runs it) and
 * against Deno's (conformance_deno.py: the same samples, Deno's display API), each in
 * a temporary Jupyter home; undefined when Debian's python3-jupyter-kernel-test is missing.
 */
function conformanceOf(root: string, workspace: string, kernel: "ours" | "deno"): Conformance | string {
  const python = pythonWith("jupyter_kernel_test");
  if (python === undefined) return "python3-jupyter-kernel-test is not installed";
  const jupyter = temporaryJupyter("pi-bench-conformance-");
  try {
    let args: string[];
    if (kernel === "ours") {
      jupyter.installKernelspec();
      args = [join(root, SUITES, "conformance.py")];
    } else {
      const spec = join(jupyter.env.JUPYTER_DATA_DIR!, "kernels", "deno-bench");
      mkdirSync(spec, { recursive: true });
      writeFileSync(
        join(spec, "kernel.json"),
        JSON.stringify({
          argv: [join(root, DENO), "jupyter", "--kernel", "--conn", "{connection_file}"],
          display_name: "Deno (bench)",
          language: "typescript",
        }),
      );
      args = [join(root, SUITES, "conformance_deno.py"), "deno-bench"];
    }
    const env = { ...jupyter.env, PYTHONPATH: join(root, SUITES) };
    const run = spawnSync(python, args, {
      cwd: kernel === "ours" ? root : workspace,
      env,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
      timeout: 900_000,
    });
    if (run.status !== 0) return `the suite exited ${run.status}: ${run.stderr.trim().split("\n").at(-1)}`;
    const { version, tests } = JSON.parse(run.stdout) as {
      version: string;
      tests: Record<string, { outcome: "pass" | "skip" | "fail" }>;
    };
    const named = Object.entries(tests).filter(([name]) => name.startsWith("test_"));
    const count = (outcome: string) => named.filter(([, t]) => t.outcome === outcome);
    return {
      version,
      pass: count("pass").length,
      skip: count("skip").length,
      fail: count("fail").map(([name]) => name),
    };
  } finally {
    jupyter.remove();
  }
}

const verdict = (figure: number, goal: number) => (figure <= goal ? "met" : "not met");

/** A notebook's three ratios against Deno's, each with its goal's verdict. */
function headlineCells(figures: Record<keyof typeof GOALS, number>): string[] {
  return (Object.keys(GOALS) as (keyof typeof GOALS)[]).map(
    (name) => `${ratio(figures[name])} (${verdict(figures[name], GOALS[name])})`,
  );
}

const cellsFailed = (run: KernelRun) =>
  run.failed.length === 0 ? "none" : run.failed.map((f) => `${f.index + 1} (${f.ename})`).join(", ");

/**
 * Our kernel (type-checked) against Deno's Jupyter kernel (not type-checked) on the same
 * cells of each notebook: kernel ready, first reader output, median cell, completion.
 */
export async function measurePeerKernel(
  root: string,
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const title = "Notebooks: our kernel against Deno's Jupyter kernel";
  if (!existsSync(join(root, DENO)))
    return { kind: "skipped", title, reason: `${DENO} is not installed (the exact devDependency deno; run npm ci)` };
  const dir = join(root, "notebooks");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".ipynb"))
    .sort();
  const workspace = join(root, ".cache", `bench-deno-${process.pid}`);
  denoWorkspace(root, workspace);
  const rows: string[][] = [];
  const headline: string[][] = [];
  const conformance: string[][] = [];
  const findings: string[] = [];
  try {
    // What `npm run kernel:install` builds, built here in the bench's own directory so
    // that the run measures a snapshot made from this checkout's inputs now.
    progress("peer kernel: building the kernel's startup snapshot, as kernel:install does");
    const snapshot = join(workspace, "snapshot");
    const built = await withKernelDirs({ cache: join(workspace, "unused"), snapshot }, async () => buildSnapshot(root));
    if (built.kind !== "built") throw new Error(built.kind === "failed" ? built.message : "the snapshot is off");
    findings.push(
      `\`npm run kernel:install\` builds the kernel's startup snapshot once: ${ms(built.ms)} here, ${(built.bytes / 1e6).toFixed(0)} MB; a first opening's check service starts from it with the cells' cache empty.`,
    );
    for (const file of files) {
      const nb = readNotebook(join(dir, file), KERNEL_NAME);
      if ("kind" in nb) continue;
      // tslab's `display` is tslab's own; Deno has none, so those cells run in neither.
      const all = nb.cells.filter((cell) => cell.cell_type === "code").map((cell) => joinText(cell.source));
      const cells = all.filter((code) => !/from\s+["']tslab["']/.test(code));
      const runs: Record<Contender, KernelRun[]> = { first: [], second: [], deno: [] };
      // The cells' cache a reader has from the second opening on: one unmeasured run fills it.
      const warmCache = join(workspace, `cells-${file}`);
      await runCells(() => withKernelDirs({ cache: warmCache, snapshot }, () => startKernel(READY_TIMEOUT_MS)), cells);
      let firstRuns = 0;
      const samples = await interleave(
        [
          {
            name: "first",
            run: async () =>
              void runs.first.push(
                await runCells(
                  () =>
                    withKernelDirs({ cache: join(workspace, `first-${file}-${++firstRuns}`), snapshot }, () =>
                      startKernel(READY_TIMEOUT_MS),
                    ),
                  cells,
                ),
              ),
          },
          {
            name: "second",
            run: async () =>
              void runs.second.push(
                await runCells(
                  () => withKernelDirs({ cache: warmCache, snapshot }, () => startKernel(READY_TIMEOUT_MS)),
                  cells,
                ),
              ),
          },
          {
            name: "deno",
            run: async () => void runs.deno.push(await runCells(() => startDeno(root, workspace), cells)),
          },
        ],
        repetitions,
        "wall",
        (done) => progress(`peer kernel (${file}): repetition ${done}/${repetitions}`),
      );
      const first = (r: KernelRun[]) => r.map((run) => run.firstReaderOutputMs ?? Number.NaN);
      for (const name of CONTENDERS) {
        const r = runs[name];
        rows.push([
          file,
          CONTENDER_LABELS[name],
          `${cells.length} of ${all.length}`,
          ms(median(r.map((run) => run.readyMs))),
          r.some((run) => run.firstReaderOutputMs === undefined) ? "no reader cell" : ms(median(first(r))),
          ms(median(r.map((run) => median(run.cellMs)))),
          ms(median(r.map(ownCellMs))),
          ms(median(samples[name]!)),
          r[0]!.completionMs.length === 0
            ? ""
            : `${ms(r[0]!.completionMs[0]!)} / ${ms(median(r.flatMap((run) => run.completionMs.slice(1))))} (${r[0]!.completionMatches} matches)`,
          cellsFailed(r[0]!),
        ]);
      }
      if (
        CONTENDERS.every((name) =>
          runs[name].every((run) => run.firstReaderOutputMs !== undefined && run.ownCellMs !== undefined),
        )
      ) {
        const figures = {
          firstOpening: medianRatio(first(runs.first), first(runs.deno)),
          secondOpening: medianRatio(first(runs.second), first(runs.deno)),
          laterCells: medianRatio(runs.first.map(laterCellsMs), runs.deno.map(laterCellsMs)),
          ownCell: medianRatio(runs.second.map(ownCellMs), runs.deno.map(ownCellMs)),
        };
        headline.push([file, ...headlineCells(figures)]);
        findings.push(
          `${file}: the first reader cell's first output comes ${ratio(figures.firstOpening)} as late in our kernel as in Deno's from the kernel's start at a first opening (goal: at most ${ratio(GOALS.firstOpening)}, ${verdict(figures.firstOpening, GOALS.firstOpening)}) and ${ratio(figures.secondOpening)} at a second (goal ${ratio(GOALS.secondOpening)}, ${verdict(figures.secondOpening, GOALS.secondOpening)}); the cells after it take ${ratio(figures.laterCells)} Deno's (median; goal ${ratio(GOALS.laterCells)}, ${verdict(figures.laterCells, GOALS.laterCells)}); a reader's own cell after the notebook, at a second opening, ${ratio(figures.ownCell)} (${ms(median(runs.second.map(ownCellMs)))} against ${ms(median(runs.deno.map(ownCellMs)))}; goal ${ratio(GOALS.ownCell)}, ${verdict(figures.ownCell, GOALS.ownCell)}).`,
        );
      }
    }
    progress("peer kernel: jupyter_kernel_test against both kernels");
    for (const kernel of ["ours", "deno"] as const) {
      const result = conformanceOf(root, workspace, kernel);
      const label = kernel === "ours" ? CONTENDER_LABELS.first.replace(/, first opening$/, "") : CONTENDER_LABELS.deno;
      conformance.push(
        typeof result === "string"
          ? [label, "", "", "", `not run: ${result}`]
          : [
              label,
              `jupyter_kernel_test ${result.version}`,
              String(result.pass),
              String(result.skip),
              result.fail.length === 0 ? "0" : `${result.fail.length}: ${result.fail.join(", ")}`,
            ],
      );
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
  return {
    kind: "measured",
    title,
    method: `Each notebook's code cells (less those that import tslab's \`display\`, which Deno has not) run in order, as a reader runs them, by the project's Jupyter client in kernels started fresh for each run: ours (\`${KERNEL_NAME}\`, tslab with every cell type-checked) at a reader's first opening after \`npm ci && npm run kernel:install\` (its check service started from the kernel's startup snapshot, which this run builds first as kernel:install does: the type-check program over Pi's declarations and examples/, unchecked, with TypeBox's variances in their store; it holds no notebook's cell, so every cell here is checked as a reader's own would be, with the cells' type-check cache empty) and at a second opening (the same snapshot, and the cells' cache filled by one unmeasured run before; kept under .cache/kernel-cells, keyed on the cells, the files they reach and the installed versions), and Deno's (\`deno jupyter --kernel\`, from the exact devDependency \`deno\`, which ships the binary through the npm registry; it does not type-check). Deno runs in a directory whose \`deno.json\` has \`"nodeModulesDir": "manual"\`, beside links to the project's node_modules, examples/ and scripts/, so both load the same Pi from node_modules and the same project files. Interleaved, ${repetitions} run(s) each, wall time; medians. Kernel ready: spawn to the first kernel_info reply heard on both channels. First reader output: spawn to the first output of the first cell that imports from \`./examples/\` and awaits a run, the cells before it run first. Median cell: request to reply. Later cells: the median over the cells after the first reader cell, request to reply, ours at a first opening against Deno's. A reader's own cell: after the notebook's cells, the first reader cell again under a comment no run wrote before, so that no cells' cache holds it, request to reply (ours at a second opening checks it in its check service, which the kernel started from the snapshot as it started). Ratios: the median of per-repetition ratios. Completion: after the last cell, \`NAME.\` for the last \`const\` the cells declare, ${COMPLETIONS} requests: the first, then the median of the rest. Whole run: spawn to the last completion. Conformance: Jupyter's own suite (Debian's python3-jupyter-kernel-test), once against each kernel with the same samples (\`scripts/notebooks/nbclient/conformance.py\`, as \`npm test\` runs it; for Deno \`conformance_deno.py\`, with Deno's display API in place of tslab's); a skip is a feature the samples do not exercise (a pager, clearing output).`,
    tables: [
      {
        header: [
          "notebook",
          `first opening: first reader output, ours ÷ Deno's (goal ≤ ${ratio(GOALS.firstOpening)})`,
          `second opening (goal ≤ ${ratio(GOALS.secondOpening)})`,
          `later cells, median (goal ≤ ${ratio(GOALS.laterCells)})`,
          `a reader's own cell, second opening (goal ≤ ${ratio(GOALS.ownCell)})`,
        ],
        rows: headline,
      },
      {
        header: [
          "notebook",
          "kernel",
          "cells run",
          "kernel ready",
          "first reader output",
          "median cell",
          "a reader's own cell",
          "whole run",
          "completion: first / then",
          "cells that failed",
        ],
        rows,
      },
      { header: ["kernel", "suite", "pass", "skipped", "fail"], rows: conformance },
    ],
    findings,
  };
}
