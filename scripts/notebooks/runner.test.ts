// The notebook runner against fixture notebooks: each negative control must fail with
// its kind, the positive control must pass against outputs stored by an earlier run.
// One kernel per notebook, run one after another (each kernel takes a few seconds).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { CellFailure } from "./execute-notebook.ts";
import { serialiseNotebook, type BadNotebook, type CodeCell, type Notebook } from "../chapters/notebook-file.ts";
import { runNotebookFile, type Drift, type RunFailure } from "./run-notebook.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

const FIXTURES = join(PROJECT_ROOT, "scripts", "notebooks", "fixtures");
const fixture = (name: string) => join(FIXTURES, name);
const scratch = mkdtempSync(join(tmpdir(), "pi-notebooks-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of a fixture that a test may let the runner overwrite. */
function scratchCopy(name: string): string {
  const copy = join(scratch, name);
  copyFileSync(fixture(name), copy);
  return copy;
}

// Generous for cells that type-check Pi's declarations on a busy machine.
const CELL_TIMEOUT_MS = 180_000;

async function run(file: string, timeoutMs = CELL_TIMEOUT_MS, write = false) {
  return runNotebookFile(file, { write, timeoutMs });
}

type FailureOf<K extends RunFailure["kind"]> = K extends "drift" ? Drift : K extends "bad-notebook" ? BadNotebook : CellFailure;

function expectFailure<K extends RunFailure["kind"]>(outcome: Awaited<ReturnType<typeof run>>, kind: K): FailureOf<K> {
  assert.equal(outcome.kind, kind, JSON.stringify(outcome, null, 2));
  return outcome as FailureOf<K>;
}

function runCli(...args: string[]) {
  return spawnSync(process.execPath, asNpmRunsIt(join(PROJECT_ROOT, "scripts", "notebooks", "main.ts"), args), {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
}

test("notebooks.positive-control: the contract notebook passes and a fresh run reproduces its stored outputs (no drift)", async () => {
  const outcome = await run(fixture("passes.ipynb"));
  assert.equal(outcome.kind, "passed", JSON.stringify(outcome, null, 2));
});

test("notebooks.negative-control: a runtime throw fails (cell-error); the CLI exits 1, shows the cell's source and output, and --write leaves the file as it was", () => {
  const copy = scratchCopy("throws.ipynb");
  const before = readFileSync(copy, "utf8");
  const cli = runCli("--write", copy);
  // Under load a run once printed only the notebook's name and exited 1; what it said went to stderr.
  const said = `stdout:\n${cli.stdout}\nstderr:\n${cli.stderr}`;
  assert.equal(cli.status, 1, said);
  assert.match(cli.stdout, /cell-error: cell 2 threw Error: boom: thrown on purpose/, said);
  assert.match(cli.stdout, /source of cell 2:\n {4}throw new Error\("boom: thrown on purpose"\);/, said);
  assert.match(cli.stdout, /output:\n(?: {4}.*\n)*? {4}Error: boom: thrown on purpose/, said);
  assert.equal(readFileSync(copy, "utf8"), before);
});

test("notebooks.negative-control: a type error fails (type-error) although the code would run", async () => {
  const failure = expectFailure(await run(fixture("type-error.ipynb")), "type-error");
  assert.equal(failure.cellIndex, 1);
  assert.match(JSON.stringify(failure.outputs), /Type 'string' is not assignable to type 'number'/);
});

test("notebooks.negative-control: a rejected await fails (cell-error)", async () => {
  const failure = expectFailure(await run(fixture("rejected-await.ipynb")), "cell-error");
  assert.match(failure.message, /rejected on purpose/);
});

test("notebooks.negative-control: a hang fails at the per-cell timeout (timeout)", async () => {
  const started = Date.now();
  const failure = expectFailure(await run(fixture("hangs.ipynb"), 5_000), "timeout");
  assert.match(failure.message, /did not finish within 5 s/);
  // The kernel is killed, not waited for.
  assert.ok(Date.now() - started < 120_000);
});

test("notebooks.negative-control: an un-awaited rejected promise escapes its cell and fails the run (escaped-error)", async () => {
  const failure = expectFailure(await run(fixture("escaped-rejection.ipynb")), "escaped-error");
  assert.match(JSON.stringify(failure.outputs), /nobody awaited me/);
});

test("notebooks.negative-control: a throw in a timer after the cell replied fails the run (escaped-error)", async () => {
  const failure = expectFailure(await run(fixture("escaped-timer-throw.ipynb")), "escaped-error");
  assert.match(failure.message, /after it replied/);
});

test("notebooks.negative-control: stored outputs that a fresh run does not reproduce fail (drift), naming the cell", async () => {
  const failure = expectFailure(await run(fixture("drift.ipynb")), "drift");
  assert.equal(failure.cellIndex, 1);
  assert.match(failure.message, /--write/);
});

test("notebooks.write: --write stores normalised outputs in Jupyter's own format", async () => {
  const copy = scratchCopy("drift.ipynb");
  const outcome = await run(copy, CELL_TIMEOUT_MS, true);
  assert.equal(outcome.kind, "written");
  const text = readFileSync(copy, "utf8");
  const nb = JSON.parse(text) as Notebook;
  const cell = nb.cells[1] as CodeCell;
  assert.deepEqual(cell.outputs, [{ output_type: "stream", name: "stdout", text: ["what the cell prints now\n"] }]);
  assert.equal(cell.execution_count, null);
  assert.equal(text, serialiseNotebook(nb));
});

test("notebooks.bad-input: a missing file and a file that is not JSON give one line each, exit 2, and start no kernel", () => {
  const cli = runCli(fixture("does-not-exist.ipynb"), fixture("not-json.ipynb"));
  assert.equal(cli.status, 2);
  assert.equal(cli.stdout, "");
  const lines = cli.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 2, cli.stderr);
  assert.match(lines[0]!, /does-not-exist\.ipynb: no such file/);
  assert.match(lines[1]!, /not-json\.ipynb: not JSON/);
});

test("notebooks.bad-input: a notebook for another kernel is refused (bad-notebook)", async () => {
  const copy = join(scratch, "other-kernel.ipynb");
  const nb = JSON.parse(readFileSync(fixture("drift.ipynb"), "utf8")) as Notebook;
  nb.metadata.kernelspec = { name: "python3", display_name: "Python 3" };
  writeFileSync(copy, serialiseNotebook(nb));
  const failure = expectFailure(await run(copy), "bad-notebook");
  assert.match(failure.message, /set metadata.kernelspec.name to "pi-companion-tslab"/);
});
