// The kernel as a reader meets it in Jupyter's own client (issue 30, "Reader
// behaviours"): Stop during the type check, Tab inside an import's braces, Shift-Tab's doc
// comment, a type error's error reply, source names in a thrown message, a reader's own
// file imported from a cell, and which listing PI_COMPANION_LISTINGS loaded. Each plan
// runs in one kernel that nbclient starts from the kernelspec `npm run kernel:install`
// writes into a temporary Jupyter home. Without nbclient (a reader's machine) they skip.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { pythonWith, temporaryJupyter } from "./jupyter-home.ts";
import { nbclientDriver, textOf, type CellResult, type ShellReply } from "./nbclient-driver.ts";
import { checkoutKernelName, KERNEL_NAME, TYPE_ERROR_NAME } from "./kernelspec.ts";
import { MAKE_AGENT_CELL } from "./reader-cells.ts";

const python = pythonWith("nbclient");
const skip = python === undefined ? "python3-nbclient is not installed (apt-get install python3-nbclient)" : false;
const jupyter = temporaryJupyter("pi-reader-");
after(() => jupyter.remove());
const { plan } = nbclientDriver(python ?? "python3", jupyter);
const NOTEBOOKS = join(PROJECT_ROOT, "notebooks");
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Fails with the cell's whole reply when `ok` is false. */
function assertCell(cell: CellResult, ok: boolean, what: string): void {
  assert.ok(ok, `${what}\n${JSON.stringify(cell, null, 1)}`);
}

// One kernel for the rows that need no fresh one: Tab, Shift-Tab, a type error, a throw.
let answers: (CellResult | ShellReply)[] | undefined;
const IMPORT_TAB = 'import { fauxAss } from "@earendil-works/pi-ai"';
function readerSession() {
  answers ??= plan(
    [
      { code: 'import { Agent } from "@earendil-works/pi-agent-core";\nimport { scriptedModels } from "./examples/support/scripted.ts";' },
      { complete: IMPORT_TAB, cursor: IMPORT_TAB.indexOf("fauxAss") + "fauxAss".length },
      { inspect: "Agent" },
      { code: 'const count: number = "three";\nconsole.log("ran");' },
      // A name an earlier cell imported, and one this cell imports, called as what they are not.
      { code: "(scriptedModels([]) as unknown as () => void)();" },
      { code: 'import { fauxAssistantMessage } from "@earendil-works/pi-ai";\n(fauxAssistantMessage("x") as unknown as () => void)();' },
    ],
    { cwd: NOTEBOOKS },
  );
  return answers;
}

test("kernel.reader.import-completion: Tab inside an import's braces completes the package's export (it threw host.getCompilationSettings is not a function)", { skip }, () => {
  const completed = readerSession()[1] as ShellReply;
  assert.equal(completed.content.status, "ok", JSON.stringify(completed.content));
  assert.ok(completed.content.matches?.includes("fauxAssistantMessage"), JSON.stringify(completed.content));
});

test("kernel.reader.inspect-doc: Shift-Tab on Agent shows Pi's doc comment, not only `(alias) class Agent`", { skip }, () => {
  const shown = readerSession()[2] as ShellReply;
  assert.equal(shown.content.found, true, JSON.stringify(shown.content));
  const text = shown.content.data?.["text/plain"] ?? "";
  assert.match(text, /class Agent/);
  assert.match(text, /Stateful wrapper around the low-level agent loop/, text);
});

test("kernel.reader.type-error-reply: a type error's error reply carries the diagnostic (position, code, message) in evalue and traceback", { skip }, () => {
  const failed = readerSession()[3] as CellResult;
  assertCell(failed, failed.status === "error" && failed.ename === TYPE_ERROR_NAME, "the cell must fail as a type error");
  const diagnostic = "<cell>:1:7 - error TS2322: Type 'string' is not assignable to type 'number'.";
  assert.equal(failed.evalue, diagnostic);
  assert.deepEqual(failed.traceback, [diagnostic]);
  // Once: in the error, not again on stderr; and the cell did not run.
  assert.equal(textOf(failed), "", JSON.stringify(failed.outputs));
});

test("kernel.reader.source-names: a throw after a call into a project file names the call as the source does, not (0 , scripted_ts_1.scriptedModels)", { skip }, () => {
  const [, , , , earlier, same] = readerSession() as CellResult[];
  for (const [failed, name] of [
    [earlier!, "scriptedModels"],
    [same!, "fauxAssistantMessage"],
  ] as const) {
    assertCell(failed, failed.status === "error" && failed.ename === "TypeError", "the call must throw a TypeError");
    assert.equal(failed.evalue, `${name}(...) is not a function`);
    assert.equal(failed.traceback?.[0], `TypeError: ${name}(...) is not a function`);
    assert.doesNotMatch((failed.traceback ?? []).join("\n"), /_1\.|\(0 ,|require\(/);
  }
});

// A cell that runs for 20 s unless it is stopped; its first check builds the type-check
// program (seconds, at a first opening, with the kernel's cell cache off).
const LONG_CELL = 'import { Agent } from "@earendil-works/pi-agent-core";\nconst until = Date.now() + 20_000;\nwhile (Date.now() < until) {}\nconsole.log("ran to its end", typeof Agent);';

test("kernel.reader.interrupt-during-check: Stop during a cell's type check cancels the cell; Stop while it runs cancels it too, at the first press", { skip, timeout: 600_000 }, () => {
  const [checking, next, running] = plan(
    [
      { code: LONG_CELL, interrupt_after: 0.5 },
      { code: 'console.log("next");' },
      { code: LONG_CELL.replace("20_000", "20_001"), interrupt_after: 4 },
    ],
    { cwd: NOTEBOOKS, env: { PI_COMPANION_KERNEL_CACHE: "off" } },
  ) as CellResult[];
  assertCell(checking!, checking!.status === "error" && checking!.ename === "KeyboardInterrupt", "the interrupted check must cancel the cell");
  assert.match(checking!.evalue ?? "", /type-checked; it did not run/);
  assert.doesNotMatch(textOf(checking!), /ran to its end/);
  assertCell(next!, next!.status === "ok" && textOf(next!) === "next\n", "the next cell runs");
  assertCell(running!, running!.status === "error" && running!.ename !== TYPE_ERROR_NAME && running!.seconds < 15, "one interrupt stops the running loop");
  assert.doesNotMatch(textOf(running!), /ran to its end/);
});

test("kernel.reader.outside-file: a cell importing the reader's own .ts file outside the project refuses in one line naming PI_COMPANION_LISTINGS", { skip }, () => {
  const mine = join(jupyter.home, "mine");
  mkdirSync(mine, { recursive: true });
  writeFileSync(join(mine, "step.ts"), 'import type { AgentTool } from "@earendil-works/pi-agent-core";\nexport const tools: AgentTool[] = [];\n');
  const [absolute, fromNotebook] = plan(
    [{ code: `import { tools } from "${join(mine, "step.ts")}";\nconsole.log(tools);` }, { code: `import { tools } from "${relative(NOTEBOOKS, join(mine, "step"))}";\nconsole.log(tools);` }],
    { cwd: NOTEBOOKS },
  ) as CellResult[];
  for (const cell of [absolute!, fromNotebook!]) {
    assertCell(cell, cell.status === "error" && cell.ename === TYPE_ERROR_NAME, "the import must be refused before the cell runs");
    assert.match(cell.evalue ?? "", /mine\/step\.ts.*PI_COMPANION_LISTINGS/);
    assert.equal(cell.traceback?.length, 1, JSON.stringify(cell.traceback));
    assert.doesNotMatch(JSON.stringify(cell), /SyntaxError|node:internal/);
  }
});

test("kernel.reader.listings-note: with PI_COMPANION_LISTINGS set, the first cell that loads a listing says whose file it loaded", { skip }, () => {
  const folder = join(PROJECT_ROOT, "scripts", "listings", "fixtures", "book");
  const cell = 'import { step } from "./examples/ch38-typed-step/step.ts";\nconsole.log(typeof step);';
  const [first, again] = plan([{ code: cell }, { code: cell }], { cwd: NOTEBOOKS, env: { PI_COMPANION_LISTINGS: folder } }) as CellResult[];
  assertCell(first!, first!.status === "ok", "the cell runs the reader's step.ts");
  assert.match(textOf(first!), new RegExp(`examples/ch38-typed-step/step\\.ts is .*${escaped(join(folder, "step.ts"))}`));
  assert.match(textOf(first!), /function\n$/);
  assert.equal(textOf(again!), "function\n");
});

// The Agent made with a faux provider that streams slowly, so a prompt runs for about 20 s.
const SLOW_AGENT_CELL = MAKE_AGENT_CELL.replace("fauxProvider()", "fauxProvider({ tokensPerSecond: 20 })");
const promptCell = (n: number) =>
  `faux.setResponses([fauxAssistantMessage("word ".repeat(400))]);\nawait agent.prompt("Did release ${n} ship?");\nconsole.log("prompt ${n} ended", (agent.state.messages.at(-1) as { stopReason?: string } | undefined)?.stopReason);`;

test("kernel.reader.interrupt-prompt: one interrupt stops `await agent.prompt()` at any point, its first opening's type check included", { skip, timeout: 900_000 }, () => {
  // At a first opening the cell that makes the Agent and prompts it is checked for seconds;
  // Node's vm drops a SIGINT that came during that check (it swaps the SIGINT listeners
  // out around the cell's synchronous start), so the prompt ran to its end.
  const points = [0.3, 1, 2, 4, 8];
  const [first, made, ...cells] = plan(
    [
      { code: `${SLOW_AGENT_CELL}\n${promptCell(9)}`, interrupt_after: 1 },
      { code: SLOW_AGENT_CELL },
      ...points.map((seconds, i) => ({ code: promptCell(i), interrupt_after: seconds })),
    ],
    { cwd: NOTEBOOKS, env: { PI_COMPANION_KERNEL_CACHE: "off" } },
  ) as CellResult[];
  // The check itself runs to its end (seconds; more on a loaded machine), and the cell does not run.
  assertCell(first!, first!.ename === "KeyboardInterrupt" && !/prompt 9 ended/.test(textOf(first!)), "interrupted during its check, the first cell must not prompt");
  assertCell(made!, made!.status === "ok", "the agent is made");
  points.forEach((seconds, i) => {
    const cell = cells[i]!;
    assertCell(cell, cell.status === "error" && cell.ename !== TYPE_ERROR_NAME && cell.seconds < seconds + 10, `interrupted ${seconds} s into prompt ${i}, the cell must stop at once`);
    // The cell's code after the await still runs (tslab stops waiting for it; nothing can
    // stop a resumed async function): the run it awaited ended as aborted, not with `stop`.
    assert.doesNotMatch(textOf(cell), /prompt \d ended stop/);
    // The prompt had started: the kernel aborted its run (interrupt.cjs), or the check was cancelled before it.
    assert.ok(cell.ename === "KeyboardInterrupt" || /note: interrupted; aborted the Agent in `agent`/.test(textOf(cell)), JSON.stringify(cell));
  });
});

/** A second checkout beside this one: this checkout's files (as they are now) and its node_modules, linked. */
function secondCheckout(): string {
  const second = join(jupyter.home, "pi-book-second");
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: PROJECT_ROOT, encoding: "utf8" });
  for (const file of listed.stdout.split("\0").filter((name) => name !== "" && existsSync(join(PROJECT_ROOT, name)))) {
    cpSync(join(PROJECT_ROOT, file), join(second, file));
  }
  symlinkSync(join(PROJECT_ROOT, "node_modules"), join(second, "node_modules"));
  return second;
}

const WHERE_CELL = "console.log(process.cwd());";

test("kernel.reader.two-checkouts: each checkout's notebooks run its own code, whichever installed last; the install says what it replaced", { skip, timeout: 900_000 }, () => {
  jupyter.installKernelspec();
  const second = secondCheckout();
  const install = spawnSync("npm", ["run", "-s", "kernel:install"], { cwd: second, env: jupyter.env, encoding: "utf8" });
  assert.equal(install.status, 0, install.stdout + install.stderr);
  assert.match(install.stdout, new RegExp(`replaced the "${KERNEL_NAME}" that was installed from ${escaped(PROJECT_ROOT)}\\n`));
  assert.match(install.stdout, new RegExp(`installed the Jupyter kernel "${checkoutKernelName(second)}"`));
  const ranIn = (cwd: string, kernel: string) => textOf(plan([{ code: WHERE_CELL }], { cwd, kernel })[0] as CellResult);
  // The name the committed notebooks carry: each checkout's notebook gets its own checkout's kernel.
  assert.equal(ranIn(join(second, "notebooks"), KERNEL_NAME), `${second}\n`);
  assert.equal(ranIn(NOTEBOOKS, KERNEL_NAME), `${PROJECT_ROOT}\n`);
  // A checkout's own kernelspec, picked by hand, runs that checkout wherever the notebook is.
  assert.equal(ranIn(join(second, "notebooks"), checkoutKernelName(PROJECT_ROOT)), `${PROJECT_ROOT}\n`);
});
