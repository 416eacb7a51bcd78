// The kernel's startup snapshot (issue 30, the speed of a first opening): a kernel starts
// its check service from it as it starts, only while its inputs are those it was built
// from, and the service still checks every cell (a cell with a type error does not run).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test, type TestContext } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { within } from "../lib/within.ts";
import { childrenOf, ended } from "../lib/processes.ts";
import { startKernel, type RunningKernel } from "./kernel-process.ts";
import { TYPE_ERROR_NAME } from "./kernelspec.ts";
import { buildSnapshot, SNAPSHOT_ENV, usableSnapshot } from "./kernel-snapshot.ts";
import { MAKE_AGENT_CELL, STEP_FAILED_CELLS, STEP_TS_FRAME, TSX_MODULES_IN_KERNEL } from "./reader-cells.ts";

const { snapshotKey } = createRequire(import.meta.url)("./kernel/program-snapshot.cjs") as {
  snapshotKey(projectRoot: string): string;
};

const scratch = mkdtempSync(join(tmpdir(), "pi-kernel-snapshot-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `body` with the environment variables `values` set (undefined: unset), then restores them. */
async function withEnv<T>(values: Record<string, string | undefined>, body: () => T | Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

/**
 * How long a test waits for one reply: past the kernel's own bound on its check service
 * (ANSWER_MS, 90 s) and a check of its own after it. Once, in .ci/run, this file waited
 * 8 minutes for a reply with every process asleep; it now fails naming the step.
 */
const REPLY_MS = 150_000;

/** `answer`, or a failure naming `step`, the kernel's state and its stderr after {@link REPLY_MS}. */
function replyWithin<T>(kernel: RunningKernel, step: string, answer: Promise<T>): Promise<T> {
  return within(REPLY_MS, answer, () => {
    const state = kernel.exit() ?? "still runs";
    return `${step}: no answer in ${REPLY_MS / 1000} s; the kernel ${state}; its stderr:\n${kernel.stderr().slice(-2_000)}`;
  });
}

/**
 * Runs `code` in `kernel`: its execute_reply's content and what it printed, once both the
 * reply and the kernel's idle status for the cell are in (its output comes on another
 * socket, and may follow the reply). `busy()` is called once the kernel has said it is
 * busy with the cell.
 */
async function runCell(kernel: RunningKernel, code: string, busy?: () => void) {
  let text = "";
  let idle: () => void = () => undefined;
  const idled = new Promise<void>((resolve) => (idle = resolve));
  const request = kernel.client.request("execute_request", { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: false });
  const stop = kernel.client.onIopub((message) => {
    if (message.parent_header.msg_id !== request.id) return;
    if (message.header.msg_type === "status" && message.content.execution_state === "busy") busy?.();
    if (message.header.msg_type === "status" && message.content.execution_state === "idle") idle();
    if (message.header.msg_type === "stream") text += String(message.content.text);
    if (message.header.msg_type === "execute_result") text += String((message.content.data as Record<string, unknown>)["text/plain"]);
  });
  try {
    const [reply] = await replyWithin(kernel, `the cell ${JSON.stringify(code.split("\n")[0])}`, Promise.all([request.reply, idled]));
    return { reply: reply.content, text };
  } finally {
    stop();
  }
}

/** The content of `kernel`'s reply to a `type` request with `content`, within {@link REPLY_MS}. */
async function ask(kernel: RunningKernel, type: string, content: Record<string, unknown>) {
  return (await replyWithin(kernel, `the ${type} ${JSON.stringify(content)}`, kernel.client.request(type, content).reply)).content;
}

/** Says in the test's output when `kernel` gave up on its check service (the test still judges what the kernel answered). */
function noteFallback(t: TestContext, kernel: RunningKernel): void {
  const line = kernel.stderr().split("\n").find((text) => text.includes("the check service gave no answer"));
  if (line !== undefined) t.diagnostic(`the kernel fell back to checking its cells itself: ${line}`);
}

/** The CPU time process `pid` has used, user and system, in seconds (Linux's /proc). */
function cpuSecondsOf(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

test("kernel snapshot: used only while examples/, the installed packages and PI_COMPANION_LISTINGS are those it was built from", async () => {
  const root = join(scratch, "project");
  mkdirSync(join(root, "examples"), { recursive: true });
  mkdirSync(join(root, "node_modules", "typescript"), { recursive: true });
  writeFileSync(join(root, "node_modules", "typescript", "package.json"), JSON.stringify({ version: "5.9.3" }));
  writeFileSync(join(root, "node_modules", ".package-lock.json"), "{}");
  writeFileSync(join(root, "package-lock.json"), "{}");
  writeFileSync(join(root, "examples", "agent.ts"), "export const a = 1;\n");
  const dir = join(scratch, "snapshot");
  mkdirSync(dir);
  const blob = join(dir, "kernel.blob");
  writeFileSync(blob, "");
  await withEnv({ [SNAPSHOT_ENV]: dir, PI_COMPANION_LISTINGS: undefined }, async () => {
    writeFileSync(join(dir, "kernel.key"), snapshotKey(root));
    assert.equal(usableSnapshot(root), blob, "built from these inputs: used");
    writeFileSync(join(root, "examples", "agent.ts"), "export const a = 2;\n");
    assert.equal(usableSnapshot(root), undefined, "after an edit under examples/");
    writeFileSync(join(root, "examples", "agent.ts"), "export const a = 1;\n");
    assert.equal(usableSnapshot(root), blob, "the edit undone");
    writeFileSync(join(root, "node_modules", ".package-lock.json"), '{"another": "install"}');
    assert.equal(usableSnapshot(root), undefined, "after another npm install");
    writeFileSync(join(root, "node_modules", ".package-lock.json"), "{}");
    await withEnv({ PI_COMPANION_LISTINGS: join(scratch, "mine") }, () =>
      assert.equal(usableSnapshot(root), undefined, "with PI_COMPANION_LISTINGS set"),
    );
    await withEnv({ [SNAPSHOT_ENV]: "off" }, () => assert.equal(usableSnapshot(root), undefined, "turned off"));
    rmSync(join(dir, "kernel.key"));
    assert.equal(usableSnapshot(root), undefined, "a build that did not finish (no key)");
  });
});

test("kernel snapshot: at a first opening the kernel starts plainly and its check service from the snapshot at once; the service type-checks every cell, keeps them in the cells' cache, and the kernel runs Pi, maps a throw in step.ts to its lines, and hands a child Node no --snapshot-blob (builds one: tens of seconds)", async (t) => {
  const dir = join(scratch, "built");
  const cells = join(scratch, "built-cells");
  await withEnv({ [SNAPSHOT_ENV]: dir, PI_COMPANION_KERNEL_CACHE: cells, PI_COMPANION_LISTINGS: undefined }, async () => {
    const built = buildSnapshot(PROJECT_ROOT);
    assert.equal(built.kind, "built", JSON.stringify(built));
    assert.ok(usableSnapshot(PROJECT_ROOT) !== undefined, "the snapshot just built is usable");
    const kernel = await startKernel(300_000);
    if ("kind" in kernel) assert.fail(`${kernel.message}\n${kernel.detail}`);
    try {
      const run = (code: string) => runCell(kernel, code);
      // The service starts before the kernel answers: it deserialises the program meanwhile.
      const kernelPid = childrenOf(kernel.child.pid!)[0]?.pid;
      // Checked in the service: the kernel builds no program of its own (seconds of CPU).
      const before = cpuSecondsOf(kernelPid!);
      const beside = childrenOf(kernelPid ?? -1).map((child) => child.args).join("\n");
      assert.match(beside, /--snapshot-blob \S+ \S+check-service\.cjs/, `no check service beside the kernel ${kernelPid} once it answered:\n${beside}`);
      const started = await run("console.log(process.execArgv.join(' '));");
      assert.doesNotMatch(started.text, /--snapshot-blob/, "the kernel itself starts plainly");
      const typeError = await run('const wrong: number = "seven";\nconsole.log("ran");');
      assert.equal(typeError.reply.ename, TYPE_ERROR_NAME, JSON.stringify(typeError.reply));
      assert.doesNotMatch(typeError.text, /ran/, "a cell with a type error does not run");
      const agent = await run(`${MAKE_AGENT_CELL}\nconsole.log(typeof agent.prompt);`);
      const spent = cpuSecondsOf(kernelPid!) - before;
      assert.equal(agent.reply.status, "ok", JSON.stringify(agent.reply));
      assert.equal(agent.text.trim(), "function");
      assert.ok(spent < 1, `the kernel spent ${spent.toFixed(2)} s of CPU on its first three cells, one of them making an Agent: it checked them itself`);
      // The cells the service checked are kept for the next kernel (the snapshot's build has
      // no cache directory; a kernel started from it once kept none, so a second opening checked again).
      const kept = readdirSync(cells, { recursive: true, encoding: "utf8" }).filter((name) => /[0-9a-f]{64}\.json$/.test(name));
      assert.ok(kept.length >= 2, `cells kept in ${cells}: ${kept.join(", ")}`);
      // step.ts's CommonJS comes from the service, transpiled there; its frames must still
      // map back to the .ts lines.
      const [importStep, silentStep] = STEP_FAILED_CELLS;
      assert.equal((await run(importStep)).reply.status, "ok");
      const failed = (await run(silentStep)).reply;
      const trace = [...((failed.traceback as string[] | undefined) ?? []), String(failed.evalue)].join("\n");
      assert.match(trace, /the model finished without calling submit/, trace);
      assert.match(trace, STEP_TS_FRAME, trace);
      assert.doesNotMatch(trace, /step\.js/, trace);
      const flags = await run(`console.log(JSON.stringify({ execArgv: process.execArgv, tsx: ${TSX_MODULES_IN_KERNEL} }));`);
      const { execArgv, tsx } = JSON.parse(flags.text) as { execArgv: string[]; tsx: string[] };
      assert.ok(!execArgv.some((flag) => flag.startsWith("--snapshot-blob")), flags.text);
      assert.ok(execArgv.includes("--import"), `a child Node still gets tsx's hooks: ${flags.text}`);
      assert.deepEqual(tsx, [], `the kernel loaded tsx: ${flags.text}`);
    } finally {
      await kernel.stop();
      noteFallback(t, kernel);
    }
  });
});

test("kernel snapshot: at a second opening (the cells cached) the kernel starts its check service from the snapshot too, which checks a reader's new cell: the cell runs, sees earlier cells' names, completes and inspects them, a type error fails it, and an interrupt while it waits cancels it (after the test above)", async (t) => {
  const dir = join(scratch, "built");
  const cells = join(scratch, "built-cells");
  await withEnv({ [SNAPSHOT_ENV]: dir, PI_COMPANION_KERNEL_CACHE: cells, PI_COMPANION_LISTINGS: undefined }, async () => {
    const blob = usableSnapshot(PROJECT_ROOT);
    assert.ok(blob !== undefined && readdirSync(cells).length > 0, "the test above built the snapshot and kept cells since");
    const started = await startKernel(300_000);
    if ("kind" in started) assert.fail(`${started.message}\n${started.detail}`);
    const kernel = started;
    const kernelPid = childrenOf(kernel.child.pid!)[0]?.pid;
    try {
      // The kernel starts its check service before any cell asks for it.
      let beside = "";
      for (let tries = 0; tries < 100 && !beside.includes("check-service.cjs"); tries++) {
        beside = childrenOf(kernelPid ?? -1).map((child) => child.args).join("\n");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.match(beside, /check-service\.cjs/, `no check service beside the kernel ${kernelPid} before any cell:\n${beside}`);
      const run = (code: string) => runCell(kernel, code);
      const plain = await run("console.log(process.execArgv.includes('--snapshot-blob'), process.pid);");
      const [fromBlob, pid] = plain.text.trim().split(" ");
      assert.equal(fromBlob, "false", "a second opening starts plainly");
      const own = await run(`// a reader's own cell, in no cache (${Date.now()})\n${MAKE_AGENT_CELL}\nconsole.log(typeof agent.prompt);`);
      assert.equal(own.reply.status, "ok", JSON.stringify(own.reply));
      assert.equal(own.text.trim(), "function");
      const children = childrenOf(Number(pid)).map((child) => child.args).join("\n");
      assert.match(children, /--snapshot-blob \S+ \S+check-service\.cjs/, `the kernel's children:\n${children}`);
      const uses = await run(`const prompts: string = typeof agent.prompt;\nconsole.log(prompts, ${Date.now()});`);
      assert.equal(uses.reply.status, "ok", `an earlier cell's name, checked in the service: ${JSON.stringify(uses.reply)}`);
      // Completion and inspection come from the service too: the kernel builds no program of
      // its own for them (seconds of CPU in this process), and the answer is the checker's.
      const before = cpuSecondsOf(Number(pid));
      const completion = await ask(kernel, "complete_request", { code: "agent.", cursor_pos: 6 });
      const inspection = await ask(kernel, "inspect_request", { code: "agent", cursor_pos: 5, detail_level: 0 });
      const spent = cpuSecondsOf(Number(pid)) - before;
      assert.ok((completion.matches as string[]).includes("prompt"), JSON.stringify(completion));
      assert.match(String((inspection.data as Record<string, unknown>)["text/plain"]), /const agent: Agent/, JSON.stringify(inspection));
      assert.ok(spent < 1, `the kernel spent ${spent.toFixed(2)} s of CPU on a completion and an inspection: it built a program itself`);
      const wrong = await run(`const count: number = agent; // ${Date.now()}`);
      assert.equal(wrong.reply.ename, TYPE_ERROR_NAME, JSON.stringify(wrong.reply));
      assert.match(String(wrong.reply.evalue), /TS2322/, JSON.stringify(wrong.reply));
    } finally {
      await kernel.stop();
      noteFallback(t, kernel);
    }
    // Started plainly, it compiled TypeScript and kept V8's code for it as it exited
    // (typescript-code-cache.cjs); the next kernel runs from it and leaves it as it was.
    await kernelEnded(kernelPid!);
    const codeCache = codeCacheIn(cells);
    const written = statSync(codeCache).mtimeMs;
    // A new kernel: its first such cell, sent at once, waits for the service to start, and Stop cancels it.
    const second = await startKernel(300_000);
    if ("kind" in second) assert.fail(`${second.message}\n${second.detail}`);
    const secondPid = childrenOf(second.child.pid!)[0]?.pid;
    try {
      const stopped = await runCell(second, `// interrupted (${Date.now()})\n${MAKE_AGENT_CELL}\nconsole.log("ran");`, () =>
        setTimeout(() => second.child.kill("SIGINT"), 100),
      );
      assert.equal(stopped.reply.ename, "KeyboardInterrupt", JSON.stringify(stopped.reply));
      assert.doesNotMatch(stopped.text, /ran/);
      const next = await runCell(second, 'console.log("next");');
      assert.equal(next.text.trim(), "next", "the kernel runs the next cell");
    } finally {
      await second.stop();
      noteFallback(t, second);
    }
    await kernelEnded(secondPid!);
    assert.equal(statSync(codeCache).mtimeMs, written, "the second kernel did not run TypeScript from the code cache: it wrote it again");
  });
});

/** Resolves once the kernel `pid` has ended: it ends within a second of its launcher, which stop() kills. */
async function kernelEnded(pid: number): Promise<void> {
  assert.ok(await ended(pid, 10_000), `the kernel ${pid} still runs 10 s after its launcher was stopped`);
}

/** The TypeScript code cache a plainly started kernel wrote into the cells' cache `cells` as it exited. */
function codeCacheIn(cells: string): string {
  const found = readdirSync(cells).filter((name) => /^typescript-[0-9a-f]+\.v8$/.test(name));
  assert.equal(found.length, 1, `a plainly started kernel left no TypeScript code cache, or more than one, in ${cells}: ${readdirSync(cells).join(", ")}`);
  return join(cells, found[0]!);
}
