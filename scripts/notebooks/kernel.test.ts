// The kernel's own behaviour a reader meets first (issue 14, "The notebook kernel"):
// type errors printed as tsc prints them, a hint for `../` imports, and the pin check
// at start. Each test starts one kernel from this checkout (a few seconds each).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import ts from "typescript";
import { PIN } from "../toolchain/pin.ts";
import { startKernel, type RunningKernel } from "./kernel-process.ts";
import { KERNEL_NAME, PENDING_WORK_FIELD } from "./kernelspec.ts";
import { joinText, serialiseNotebook, splitLines, type Notebook, type Output } from "../chapters/notebook-file.ts";
import { runNotebookFile } from "./run-notebook.ts";
import { MAKE_AGENT_CELL, TSX_MODULES_IN_KERNEL } from "./reader-cells.ts";

const scratch = mkdtempSync(join(tmpdir(), "pi-kernel-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

function notebookOf(name: string, ...sources: string[]): string {
  const nb: Notebook = {
    cells: sources.map((source, i) => ({ cell_type: "code", execution_count: null, id: `cell-${i}`, metadata: {}, outputs: [], source: splitLines(source) })),
    metadata: { kernelspec: { name: KERNEL_NAME, display_name: KERNEL_NAME, language: "typescript" } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  const file = join(scratch, name);
  writeFileSync(file, serialiseNotebook(nb));
  return file;
}

/** Runs a cell in a kernel and answers its execute_reply's content. */
type Execute = (code: string) => Promise<Record<string, any>>;
/** A test's use of a kernel: cells run through `execute`, or requests of its own to `kernel`. */
type KernelBody = (execute: Execute, kernel: RunningKernel) => Promise<void>;

const executeIn = (kernel: RunningKernel): Execute => async (code) =>
  (await kernel.client.request("execute_request", { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true }).reply).content;

async function startedKernel(): Promise<RunningKernel> {
  const kernel = await startKernel(120_000);
  if ("kind" in kernel) assert.fail(`${kernel.message}\n${kernel.detail}`);
  return kernel;
}

/** Starts a kernel from this checkout, hands `body` a way to run a cell (its execute_reply's content), and stops the kernel. */
async function withKernel(body: KernelBody): Promise<void> {
  const kernel = await startedKernel();
  try {
    await body(executeIn(kernel), kernel);
  } finally {
    await kernel.stop();
  }
}

// One kernel for the tests whose cells neither leave work running nor depend on what ran
// before (completion, stack frames, a child's flags): two kernels and their first checks fewer.
let sharedKernel: Promise<RunningKernel> | undefined;
after(async () => {
  if (sharedKernel !== undefined) await (await sharedKernel).stop();
});

/** Like {@link withKernel}, in the kernel the file's independent tests share. */
async function inSharedKernel(body: KernelBody): Promise<void> {
  const kernel = await (sharedKernel ??= startedKernel());
  await body(executeIn(kernel), kernel);
}

/** Runs the one-cell notebook `file` with --write and returns what its cell printed. */
async function printedByOnlyCell(file: string): Promise<string> {
  const outcome = await runNotebookFile(file, { write: true, timeoutMs: 300_000 });
  assert.equal(outcome.kind, "written", JSON.stringify(outcome, null, 2));
  const [cell] = (JSON.parse(readFileSync(file, "utf8")) as Notebook).cells;
  assert.ok(cell?.cell_type === "code");
  return cell.outputs.map((output) => (output.output_type === "stream" ? joinText(output.text) : "")).join("");
}

async function typeErrorOutput(source: string): Promise<string> {
  const outcome = await runNotebookFile(notebookOf("type-error.ipynb", source), { write: false, timeoutMs: 300_000 });
  assert.equal(outcome.kind, "type-error", JSON.stringify(outcome, null, 2));
  // The diagnostics are the cell's error (its traceback), and nothing else prints them.
  const text = (output: Output) => (output.output_type === "stream" ? joinText(output.text) : output.output_type === "error" ? `${output.traceback.join("\n")}\n` : "");
  return "outputs" in outcome ? outcome.outputs.map(text).join("") : "";
}

/** What the project's tsc says about `source` as a module, each diagnostic flattened as tsc prints it. */
function tscMessages(source: string): string[] {
  const file = join(scratch, "cell.ts");
  writeFileSync(file, `export {};\n${source}`);
  const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ["lib.es2023.d.ts"], types: [] });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

test("kernel.diagnostics: a type error with a message chain prints once, as tsc prints it, and the cell fails before it runs", async () => {
  const source = 'const pending: Promise<number> = Promise.resolve("three");\nconsole.log("ran");';
  const output = await typeErrorOutput(source);
  const [expected] = tscMessages(source);
  assert.ok(expected !== undefined && expected.includes("\n"), "the case must be a chained diagnostic");
  assert.equal(output, `<cell>:1:7 - error TS2322: ${expected}\n`);
  assert.doesNotMatch(output, /ran/);
});

test("kernel.diagnostics: a `../examples/` import gets a hint that cells import from ./examples/", async () => {
  const output = await typeErrorOutput('import { step } from "../examples/ch38-typed-step/step.ts";\nconsole.log(typeof step);');
  assert.match(output, /Cannot find module '\.\.\/examples\/ch38-typed-step\/step\.ts'/);
  assert.match(output, /hint: a cell runs in the project root.*import project files as '\.\/examples\/\.\.\.'/);
});

test("kernel.pin: a kernel started against another Pi than the pin refuses with the entry points' one line and exit 2", async () => {
  const saved = process.env.PI_COMPANION_EXPECT_CORE;
  process.env.PI_COMPANION_EXPECT_CORE = "0.0.1";
  try {
    const kernel = await startKernel(120_000);
    if (!("kind" in kernel)) {
      await kernel.stop();
      assert.fail("the kernel started against a Pi it does not measure");
    }
    assert.match(kernel.message, /exited with status 2/);
    assert.equal(
      kernel.detail.trim(),
      `pi-book-companion: installed @earendil-works/pi-agent-core ${PIN.core}; this companion measures 0.0.1; run npm ci`,
    );
  } finally {
    if (saved === undefined) delete process.env.PI_COMPANION_EXPECT_CORE;
    else process.env.PI_COMPANION_EXPECT_CORE = saved;
  }
});

test("kernel.completion: Tab and Shift-Tab in the project's client see a name an earlier cell declared", { timeout: 180_000 }, () =>
  inSharedKernel(async (execute, kernel) => {
    const ran = await execute('const greeting = "hello";');
    assert.equal(ran.status, "ok", JSON.stringify(ran));
    const code = "greeting.toUpp";
    const completed = (await kernel.client.request("complete_request", { code, cursor_pos: code.length }).reply).content;
    assert.equal(completed.status, "ok", JSON.stringify(completed));
    assert.deepEqual(completed.matches, ["toUpperCase"]);
    assert.deepEqual([completed.cursor_start, completed.cursor_end], ["greeting.".length, code.length]);
    const inspected = (await kernel.client.request("inspect_request", { code: "greeting", cursor_pos: 4, detail_level: 0 }).reply).content;
    assert.equal(inspected.found, true, JSON.stringify(inspected));
    assert.deepEqual(inspected.data, { "text/plain": 'const greeting: "hello"' });
  }));

test("kernel.pending-work: each reply counts what its cell left running: nothing after Pi's run, a timer while it is pending", { timeout: 180_000 }, () =>
  withKernel(async (execute) => {
    const pendingAfter = async (code: string) => {
      const content = await execute(code);
      assert.equal(content.status, "ok", JSON.stringify(content));
      return content[PENDING_WORK_FIELD];
    };
    assert.deepEqual(
      await pendingAfter('import { runStepTable } from "./examples/ch38-typed-step/demonstrations/table-runs.ts";\nconst rows = await runStepTable();\nrows.length;'),
      {},
    );
    assert.deepEqual(await pendingAfter("const timer = setTimeout(() => {}, 60_000);"), { Timeout: 1 });
    assert.deepEqual(await pendingAfter("clearTimeout(timer);"), {});
  }));

test("kernel.child: a cell starts a Node child on a .ts file with the kernel's loader flags (no-agents-md.ts), and the child runs", { timeout: 180_000 }, async () => {
  const file = notebookOf(
    "child.ipynb",
    'import { runBesideAgentsMd } from "./examples/ch37-agent-core/demonstrations/no-agents-md.ts";\nconst run = await runBesideAgentsMd();\nconsole.log(JSON.stringify({ requests: run.requests, files: run.filesPresent }));',
  );
  const printed = await printedByOnlyCell(file);
  assert.equal(printed, `${JSON.stringify({ requests: 1, files: ["AGENTS.md", "APPEND_SYSTEM.md"] })}\n`);
});

test("kernel.no-tsx: the kernel process loads no tsx, and a Node child a cell starts with process.execArgv on a .ts file still runs it", { timeout: 180_000 }, () =>
  inSharedKernel(async (execute) => {
    // An ES module, as the project's .ts files are ("type": "module"): tsx/esm hooks those.
    const dir = join(scratch, "child");
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const child = join(dir, "typed-child.ts");
    writeFileSync(child, 'interface Said { text: string }\nconst said: Said = { text: "the child ran" };\nconsole.log(said.text);\n');
    const cell = [
      'import { execFileSync } from "node:child_process";',
      `const tsxModules = ${TSX_MODULES_IN_KERNEL};`,
      'if (tsxModules.length > 0) throw new Error(`the kernel loaded tsx: ${tsxModules.join(", ")}`);',
      `const printed = execFileSync(process.execPath, [...process.execArgv, ${JSON.stringify(child)}], { encoding: "utf8" });`,
      'if (printed !== "the child ran\\n") throw new Error(`the child printed ${JSON.stringify(printed)}`);',
    ].join("\n");
    const ran = await execute(cell);
    assert.equal(ran.status, "ok", `${ran.ename}: ${ran.evalue}`);
  }));

test("kernel.dotted-name: a cell imports a name from a file named after a claim id (ch38.provider-kind.ts), and runs it", { timeout: 180_000 }, async () => {
  // tslab finds an emitted project file by its specifier's path, adding `.js` only when
  // path.extname() sees none; the id's dots are an extension to it, so `./…/ch38.provider-kind`
  // was never found (Cannot find module) until the kernel wrote the `.js` itself.
  const file = notebookOf(
    "dotted.ipynb",
    'import { run } from "./examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts";\nconst { id, bookCase, otherCase } = await run();\nconsole.log(id, bookCase.bookIsRight, otherCase.bookIsRight);',
  );
  const printed = await printedByOnlyCell(file);
  assert.equal(printed, "ch38.provider-kind true false\n");
});

test("kernel.stack: a throw shows each cell's frame at the line and column the reader wrote, with no evalmachine or node:vm frame", { timeout: 180_000 }, () =>
  inSharedKernel(async (execute) => {
    assert.equal((await execute('type Reading = { value: number };\nfunction explode(reading: Reading): never {\n  throw new RangeError(`reading ${reading.value} out of range`);\n}')).status, "ok");
    const failed = await execute("const reading = { value: 7 };\n\nexplode(reading);");
    assert.equal(failed.status, "error");
    assert.equal(failed.ename, "RangeError");
    const trace = (failed.traceback as string[]).join("\n");
    assert.match(trace, /^RangeError: reading 7 out of range\n {4}at explode \(<cell>:3:9\)\n {4}at <cell>:3:1$/m, trace);
    assert.doesNotMatch(trace, /evalmachine|node:vm|__tslab_cell/, trace);
  }));

test("kernel.interrupt: interrupting a cell that awaits agent.prompt() aborts the Agent, so the next prompt runs", { timeout: 180_000 }, () =>
  withKernel(async (execute, kernel) => {
    // A faux provider that streams slowly: the prompt is still running when the interrupt comes.
    const made = await execute(
      `${MAKE_AGENT_CELL.replace("fauxProvider()", "fauxProvider({ tokensPerSecond: 20 })")}\nfaux.setResponses([fauxAssistantMessage("word ".repeat(400))]);`,
    );
    assert.equal(made.status, "ok", JSON.stringify(made));
    const streams: string[] = [];
    const stopListening = kernel.client.onIopub((message) => {
      if (message.header.msg_type === "stream") streams.push(String(message.content.text));
    });
    const prompting = kernel.client.request("execute_request", { code: 'await agent.prompt("Did the release ship?");', silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    kernel.child.kill("SIGINT");
    const interrupted = (await prompting.reply).content;
    assert.equal(interrupted.status, "error", JSON.stringify(interrupted));
    // tslab refuses requests for 200 ms after a failed cell; the reader's next cell comes later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await execute('faux.setResponses([fauxAssistantMessage("It shipped.")]);\nawait agent.prompt("Again: did it ship?");\nconsole.log("prompted again");');
    assert.equal(again.status, "ok", JSON.stringify(again));
    stopListening();
    assert.match(streams.join(""), /note: interrupted; aborted the Agent in `agent`, which was still running/);
  }));
