// The kernel as Jupyter's messaging protocol (5.3) describes it, request by request, in
// the project's own client (no Python needed). Issue 23 found each of these broken in
// tslab 1.0.22; Jupyter's conformance suite (conformance.test.ts) checks the same where
// Debian's python3-jupyter-kernel-test is installed. One kernel serves every test here.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import ts from "typescript";
import type { JupyterMessage } from "./jupyter-client.ts";
import { startKernel, type RunningKernel } from "./kernel-process.ts";
import { PENDING_WORK_FIELD } from "./kernelspec.ts";
import type { Notebook } from "../chapters/notebook-file.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

let kernel: RunningKernel;
before(async () => {
  const started = await startKernel(120_000);
  if ("kind" in started) assert.fail(`${started.message}\n${started.detail}`);
  kernel = started;
});
after(async () => {
  await kernel?.stop();
});

interface Exchange {
  reply: Record<string, unknown>;
  replyType: string;
  /** iopub messages under the request, busy and idle left out, in arrival order. */
  iopub: JupyterMessage[];
}

/** Sends one request and waits for its reply and for the idle status that closes it. */
async function exchange(msgType: string, content: Record<string, unknown>): Promise<Exchange> {
  const iopub: JupyterMessage[] = [];
  let idle!: () => void;
  const becameIdle = new Promise<void>((resolve) => (idle = resolve));
  let id = "";
  const stop = kernel.client.onIopub((message) => {
    if (message.parent_header.msg_id !== id) return;
    if (message.header.msg_type === "status") {
      if (message.content.execution_state === "idle") idle();
      return;
    }
    iopub.push(message);
  });
  try {
    const sent = kernel.client.request(msgType, content);
    id = sent.id;
    const [reply] = await Promise.all([sent.reply, becameIdle]);
    return { reply: reply.content, replyType: reply.header.msg_type, iopub };
  } finally {
    stop();
  }
}

const executeContent = (code: string, stopOnError = true) => ({
  code,
  silent: false,
  store_history: true,
  user_expressions: {},
  allow_stdin: false,
  stop_on_error: stopOnError,
});
const execute = (code: string, stopOnError = true) => exchange("execute_request", executeContent(code, stopOnError));
const typesOf = (messages: JupyterMessage[]) => messages.map((message) => message.header.msg_type);

test("kernel.protocol: kernel_info_reply has status ok and names the TypeScript that checks the cells", { timeout: 60_000 }, async () => {
  const { reply, replyType } = await exchange("kernel_info_request", {});
  assert.equal(replyType, "kernel_info_reply");
  assert.equal(reply.status, "ok");
  const info = reply.language_info as Record<string, unknown>;
  assert.equal(info.name, "typescript");
  assert.equal(info.version, ts.version);
  assert.equal(info.file_extension, ".ts");
});

test("kernel.protocol: every committed notebook stores the language_info the kernel reports, so opening and saving it in Jupyter adds no diff", { timeout: 60_000 }, async () => {
  const { reply } = await exchange("kernel_info_request", {});
  const notebooks = readdirSync(join(PROJECT_ROOT, "notebooks")).filter((name) => name.endsWith(".ipynb"));
  assert.ok(notebooks.length > 0);
  for (const name of notebooks) {
    const stored = JSON.parse(readFileSync(join(PROJECT_ROOT, "notebooks", name), "utf8")) as Notebook;
    assert.deepEqual(stored.metadata.language_info, reply.language_info, `notebooks/${name}: Jupyter would rewrite metadata.language_info on save`);
  }
});

test("kernel.protocol: is_complete says invalid for `const x = )`, incomplete for an open template string or brace, complete for a statement", { timeout: 60_000 }, async () => {
  const status = async (code: string) => (await exchange("is_complete_request", { code })).reply;
  assert.deepEqual(await status("const x = )"), { status: "invalid" });
  assert.equal((await status("const s = `abc")).status, "incomplete");
  assert.deepEqual(await status("function f() {"), { status: "incomplete", indent: "  " });
  assert.deepEqual(await status("6 * 7"), { status: "complete" });
});

test("kernel.protocol: a throw is published as one iopub error (ename, evalue, traceback), not as stderr text", { timeout: 60_000 }, async () => {
  const { reply, iopub } = await execute('throw new RangeError("out of range")');
  assert.equal(reply.status, "error");
  assert.deepEqual(typesOf(iopub), ["execute_input", "error"]);
  const error = iopub[1]!.content as { ename: string; evalue: string; traceback: string[] };
  assert.equal(error.ename, "RangeError");
  assert.equal(error.evalue, "out of range");
  assert.match(error.traceback.join("\n"), /^RangeError: out of range$/m);
  assert.deepEqual([reply.ename, reply.evalue], [error.ename, error.evalue]);
});

test("kernel.protocol: the last expression's value (`6 * 7`) is an execute_result with the cell's execution_count, after execute_input", { timeout: 60_000 }, async () => {
  const { reply, iopub } = await execute("6 * 7");
  assert.equal(reply.status, "ok");
  assert.deepEqual(typesOf(iopub), ["execute_input", "execute_result"]);
  const [input, result] = iopub as [JupyterMessage, JupyterMessage];
  assert.equal(typeof reply.execution_count, "number");
  assert.deepEqual(input.content, { code: "6 * 7", execution_count: reply.execution_count });
  assert.deepEqual(result.content, { execution_count: reply.execution_count, data: { "text/plain": "42" }, metadata: {} });
  const next = await execute('console.log("next")');
  assert.equal(next.reply.execution_count, (reply.execution_count as number) + 1);
});

test("kernel.protocol: history_request is answered with the cells run, in order", { timeout: 60_000 }, async () => {
  await execute("const answer = 6 * 7;");
  await execute("answer + 1");
  const { reply, replyType } = await exchange("history_request", { output: true, raw: true, hist_access_type: "tail", n: 2 });
  assert.equal(replyType, "history_reply");
  assert.equal(reply.status, "ok");
  const history = reply.history as [number, number, [string, string | null]][];
  assert.deepEqual(
    history.map(([, , entry]) => entry),
    [
      ["const answer = 6 * 7;", null],
      ["answer + 1", "43"],
    ],
  );
});

test("kernel.protocol: comm_info_request is answered as comm_info_reply, with no comms", { timeout: 60_000 }, async () => {
  const { reply, replyType } = await exchange("comm_info_request", { target_name: "jupyter.widget" });
  assert.equal(replyType, "comm_info_reply");
  assert.deepEqual(reply, { status: "ok", comms: {} });
});

test("kernel.protocol: with stop_on_error false the next cell runs at once after a failing one (nbclient's allow_errors)", { timeout: 60_000 }, async () => {
  const failed = await execute('throw new Error("first")', false);
  assert.equal(failed.reply.status, "error");
  const next = await execute('console.log("second ran")', false);
  assert.equal(next.reply.status, "ok", JSON.stringify(next.reply));
  assert.deepEqual(
    next.iopub.filter((message) => message.header.msg_type === "stream").map((message) => message.content.text),
    ["second ran\n"],
  );
});

test("kernel.protocol: with stop_on_error true the requests queued behind a failing cell are aborted, and a later one runs", { timeout: 60_000 }, async () => {
  const queued = [executeContent('await new Promise((resolve) => setTimeout(resolve, 200));\nthrow new Error("stop here")'), executeContent("1"), executeContent("2")].map(
    (content) => kernel.client.request("execute_request", content).reply,
  );
  const statuses = (await Promise.all(queued)).map((reply) => reply.content.status);
  assert.deepEqual(statuses, ["error", "aborted", "aborted"]);
  assert.equal((await execute("3")).reply.status, "ok");
});

test("kernel.protocol: the pending-work field counts resources by kind, and a completion request's watchers are not a cell's", { timeout: 60_000 }, async () => {
  await exchange("complete_request", { code: "Math.ma", cursor_pos: 7 });
  const { reply } = await execute('console.log("after completion")');
  assert.deepEqual(reply[PENDING_WORK_FIELD], {});
  const timer = await execute("const pendingTimer = setTimeout(() => {}, 60_000);");
  assert.deepEqual(timer.reply[PENDING_WORK_FIELD], { Timeout: 1 });
  assert.deepEqual((await execute("clearTimeout(pendingTimer);")).reply[PENDING_WORK_FIELD], {});
});

test("kernel.protocol: completion sees a name the cell being typed declares (`const local = …; local.toUpp`), as tslab's did", { timeout: 60_000 }, async () => {
  const code = 'const local = "hello";\nlocal.toUpp';
  const { reply } = await exchange("complete_request", { code, cursor_pos: code.length });
  assert.deepEqual(reply.matches, ["toUpperCase"], JSON.stringify(reply));
});
