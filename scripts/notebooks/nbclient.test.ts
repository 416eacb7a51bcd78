// The kernel in Jupyter's own client. Debian's python3-nbclient (what .ci/run installs)
// executes every committed notebook and a reader-style fixture against the kernelspec
// `npm run kernel:install` writes into a temporary JUPYTER_DATA_DIR. Where nbclient is
// not installed (a reader's machine) every test here skips and says why; the project's
// own runner (runner.test.ts, `npm run notebooks`) stays the fast path.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { pythonWith, temporaryJupyter } from "./jupyter-home.ts";
import { KERNEL_NAME } from "./kernelspec.ts";
import { joinText, serialiseNotebook, splitLines, type Notebook, type Output } from "../chapters/notebook-file.ts";
import { MAKE_AGENT_CELL, STEP_FAILED_CELLS as STEP_FAILED, STEP_TS_FRAME } from "./reader-cells.ts";
import { nbclientDriver, textOf, type CellResult, type PlanStep, type ShellReply } from "./nbclient-driver.ts";

const python = pythonWith("nbclient");
const skip = python === undefined ? "python3-nbclient is not installed (apt-get install python3-nbclient); npm run notebooks covers the notebooks" : false;

const jupyter = temporaryJupyter("pi-nbclient-");
after(() => jupyter.remove());
const { home, env } = jupyter;
const installKernelspec = () => jupyter.installKernelspec();
const { driver, plan: planOf } = nbclientDriver(python ?? "python3", jupyter);

interface NotebookResult {
  file: string;
  ok: boolean;
  ename?: string;
  message?: string;
}

function assertRunsClean(file: string): void {
  const [result] = driver(["notebooks", file]) as NotebookResult[];
  assert.ok(result?.ok, `${relative(PROJECT_ROOT, file)}: a cell failed in nbclient (${result?.ename}):\n${result?.message}`);
}

const notebooks = readdirSync(join(PROJECT_ROOT, "notebooks"))
  .filter((name) => name.endsWith(".ipynb"))
  .sort();

for (const name of notebooks) {
  test(`nbclient: notebooks/${name} runs in Jupyter's own client with no cell failing`, { skip }, () => {
    assertRunsClean(join(PROJECT_ROOT, "notebooks", name));
  });
}

test(
  "nbclient: a reader's notebook runs (book imports, a re-declared const, instanceof StepFailed across cells, shorthand, import(), fixed and unfixed step())",
  { skip },
  () => {
    assertRunsClean(join(PROJECT_ROOT, "scripts", "notebooks", "fixtures", "reader.ipynb"));
  },
);

test("nbclient: the kernelspec is the one kernel:install writes, in JUPYTER_DATA_DIR", { skip }, () => {
  assert.match(installKernelspec(), new RegExp(`installed the Jupyter kernel .* in ${join(home, "data").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
});

const plan = (steps: PlanStep[]) => planOf(steps) as CellResult[];

test("nbclient: a cell re-run after a project file changed, and a later cell using the name it imported, show the new value and say which file was reloaded", { skip }, () => {
  // A file of our own under .cache/ (ignored by git and tsc), imported by a second one:
  // the edit must reach a module the cell imports only through another.
  const dir = join(PROJECT_ROOT, ".cache", `kernel-edit-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const value = join(dir, "value.ts");
    writeFileSync(value, "export const MAX_ATTEMPTS = 3;\n");
    writeFileSync(join(dir, "reader.ts"), 'import { MAX_ATTEMPTS } from "./value.ts";\nexport const attempts = () => MAX_ATTEMPTS;\n');
    const specifier = `./${relative(PROJECT_ROOT, join(dir, "reader.ts"))}`;
    const cell = `import { attempts } from "${specifier}";\nconsole.log("attempts", attempts());`;
    const [first, second, later] = plan([
      { code: cell },
      { write: { path: value, text: "export const MAX_ATTEMPTS = 1;\n" } },
      { code: cell },
      // A later cell that uses the name without importing it again sees the next edit too.
      { write: { path: value, text: "export const MAX_ATTEMPTS = 22;\n" } },
      { code: 'console.log("attempts", attempts(), { attempts }.attempts());' },
    ]);
    assert.equal(first!.status, "ok", textOf(first!));
    assert.match(textOf(first!), /attempts 3/);
    assert.equal(second!.status, "ok", textOf(second!));
    assert.match(textOf(second!), /attempts 1/);
    assert.match(textOf(second!), /value\.ts changed/);
    assert.equal(later!.status, "ok", textOf(later!));
    assert.match(textOf(later!), /value\.ts changed since it was loaded; this cell uses the new version/);
    assert.match(textOf(later!), /attempts 22 22/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// One kernel for the two tests below, a cold type-check of Pi's declarations fewer (about 5 CPU-s):
// the StepFailed cells, then an agent made, completed and inspected, run in that order.
const STEP_FAILED_CELLS: PlanStep[] = STEP_FAILED.map((code) => ({ code }));
const AGENT_STEPS: PlanStep[] = [{ code: MAKE_AGENT_CELL }, { complete: "agent." }, { complete: "await agent.pro" }, { inspect: "agent" }];
let sharedRun: (CellResult | ShellReply)[] | undefined;
/** The replies of the plan the two tests share, run once. */
const sharedPlan = () => (sharedRun ??= planOf([...STEP_FAILED_CELLS, ...AGENT_STEPS]));

test("nbclient: an uncaught StepFailed names step.ts and its line, with no kernel-internal frames", { skip }, () => {
  const [imported, failed] = sharedPlan() as CellResult[];
  assert.equal(imported!.status, "ok", textOf(imported!));
  assert.equal(failed!.status, "error");
  // The book's StepFailed leaves name at "Error" (ch38.found.step-failed-name), and ename is the thrown error's name.
  assert.equal(failed!.ename, "Error");
  const trace = [...(failed!.traceback ?? []), textOf(failed!)].join("\n");
  assert.match(trace, /the model finished without calling submit/);
  assert.match(trace, STEP_TS_FRAME);
  assert.doesNotMatch(trace, /step\.js|cell-failures\.cjs|start-kernel\.cjs|tslab[/\\]dist/);
});

// A notebook whose second cell fails: an allow-errors run must execute every cell.
const ALLOW_ERRORS_CELLS = ['console.log("before");', 'throw new Error("a failing cell");', 'console.log("after");', "6 * 7"];

function allowErrorsNotebook(): string {
  const file = join(home, `allow-errors-${Date.now()}.ipynb`);
  const nb: Notebook = {
    cells: ALLOW_ERRORS_CELLS.map((source, i) => ({ cell_type: "code", execution_count: null, id: `cell-${i}`, metadata: {}, outputs: [], source: splitLines(source) })),
    metadata: { kernelspec: { name: KERNEL_NAME, display_name: KERNEL_NAME, language: "typescript" } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  writeFileSync(file, serialiseNotebook(nb));
  return file;
}

/** `output` with its text as one string, as nbclient hands it over (a notebook file stores a list of lines). */
function withJoinedText(output: Output): Output {
  if (output.output_type === "stream") return { ...output, text: joinText(output.text) };
  if (output.output_type === "execute_result") {
    return { ...output, data: Object.fromEntries(Object.entries(output.data).map(([mime, value]) => [mime, joinText(value as string | string[])])) };
  }
  return output;
}

/** Every cell ran: numbered in order, the failing one with its error, the later ones with their output. */
function assertEveryCellRan(cells: { execution_count: number | null; outputs: Output[] }[]): void {
  assert.deepEqual(
    cells.map((cell) => cell.execution_count),
    [1, 2, 3, 4],
    JSON.stringify(cells, null, 1),
  );
  const [before, failing, afterwards, result] = cells.map((cell) => cell.outputs);
  assert.deepEqual(before, [{ output_type: "stream", name: "stdout", text: "before\n" }]);
  assert.equal(failing!.length, 1, JSON.stringify(failing));
  assert.deepEqual([failing![0]!.output_type, (failing![0] as { ename?: string }).ename], ["error", "Error"]);
  assert.deepEqual(afterwards, [{ output_type: "stream", name: "stdout", text: "after\n" }]);
  assert.deepEqual(result, [{ output_type: "execute_result", execution_count: 4, data: { "text/plain": "42" }, metadata: {} }]);
}

test("nbclient: with allow_errors a failing cell leaves no later cell unexecuted", { skip }, () => {
  assertEveryCellRan(driver(["allow-errors", allowErrorsNotebook()]) as { execution_count: number | null; outputs: Output[] }[]);
});

const nbconvert = spawnSync("jupyter-nbconvert", ["--version"], { stdio: "ignore" }).status === 0;
test(
  "nbclient: `jupyter nbconvert --to notebook --execute --allow-errors` executes every cell after a failing one",
  { skip: skip || (nbconvert ? false : "jupyter-nbconvert is not installed (apt-get install jupyter-nbconvert)") },
  () => {
    installKernelspec();
    const file = allowErrorsNotebook();
    const run = spawnSync("jupyter-nbconvert", ["--to", "notebook", "--execute", "--allow-errors", "--output", "executed.ipynb", file], { cwd: PROJECT_ROOT, env, encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const executed = JSON.parse(readFileSync(join(home, "executed.ipynb"), "utf8")) as Notebook;
    assertEveryCellRan(executed.cells.flatMap((cell) => (cell.cell_type === "code" ? [{ execution_count: cell.execution_count, outputs: cell.outputs.map(withJoinedText) }] : [])));
  },
);

test("nbclient: Tab and Shift-Tab under jupyter_client see the agent an earlier cell made (its members, its type)", { skip }, () => {
  const [cell, members, typed, shown] = sharedPlan().slice(STEP_FAILED_CELLS.length) as unknown as [
    CellResult,
    ShellReply,
    ShellReply,
    ShellReply,
  ];
  assert.equal(cell.status, "ok", textOf(cell));
  assert.equal(members.msg_type, "complete_reply");
  assert.ok(members.content.matches?.includes("prompt") && members.content.matches.includes("abort"), JSON.stringify(members.content));
  assert.equal(typed.content.matches?.[0], "prompt", JSON.stringify(typed.content));
  assert.deepEqual([typed.content.cursor_start, typed.content.cursor_end], ["await agent.".length, "await agent.pro".length]);
  assert.equal(shown.msg_type, "inspect_reply");
  assert.equal(shown.content.found, true);
  assert.equal(shown.content.data?.["text/plain"], "const agent: Agent");
});
