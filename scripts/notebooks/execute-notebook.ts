import { setTimeout as delay } from "node:timers/promises";
import type { JupyterMessage } from "./jupyter-client.ts";
import { startKernel, type RunningKernel } from "./kernel-process.ts";
import { ESCAPED_ERROR_NAME, PENDING_WORK_FIELD, TYPE_ERROR_NAME } from "./kernelspec.ts";
import { joinText, type Notebook, type Output } from "../chapters/notebook-file.ts";

/** Why executing a notebook failed; the kinds the runner and its tests tell apart. */
export type CellFailureKind = "cell-error" | "type-error" | "escaped-error" | "timeout" | "kernel-died";

/** A failed execution: which cell, its source and every output it produced. */
export interface CellFailure {
  kind: CellFailureKind;
  file: string;
  /** Index into `cells`; undefined when the kernel never started. */
  cellIndex: number | undefined;
  source: string;
  outputs: Output[];
  message: string;
  /** The kernel's own stderr, when the kernel died. */
  detail?: string;
}

export interface ExecutedCell {
  cellIndex: number;
  /** Raw outputs, in arrival order; see normaliseOutputs for what is stored. */
  outputs: Output[];
  ms: number;
}

export interface ExecutedNotebook {
  kind: "executed";
  file: string;
  kernelReadyMs: number;
  cells: ExecutedCell[];
}

export interface ExecuteOptions {
  /** How long one cell may take, type-checking included. */
  timeoutMs: number;
  /**
   * How long to listen after the last cell for an error escaping it (a late timer), when
   * the kernel says cells left work running. 500 ms unless given.
   */
  settleMs?: number;
  onKernelReady?: (ms: number) => void;
  onCell?: (cell: ExecutedCell, position: { number: number; of: number }) => void;
}

interface CellRecord {
  cellIndex: number;
  outputs: Output[];
  onIdle: () => void;
}

function outputOf(message: JupyterMessage): Output | undefined {
  const content = message.content as Record<string, never>;
  switch (message.header.msg_type) {
    case "stream":
      return { output_type: "stream", name: content.name, text: content.text };
    case "display_data":
      return { output_type: "display_data", data: content.data, metadata: content.metadata ?? {} };
    case "execute_result":
      return { output_type: "execute_result", data: content.data, metadata: content.metadata ?? {}, execution_count: null };
    case "error":
      return { output_type: "error", ename: content.ename, evalue: content.evalue, traceback: content.traceback ?? [] };
    default:
      return undefined;
  }
}

/** The kernel prints an escaped error as a stderr line starting with its name. */
function showsEscapedError(outputs: readonly Output[]): boolean {
  return outputs.some(
    (output) =>
      output.output_type === "stream" &&
      output.name === "stderr" &&
      joinText(output.text)
        .split("\n")
        .some((line) => line.startsWith(`${ESCAPED_ERROR_NAME}: `)),
  );
}

function failureOfReply(content: Record<string, unknown>, cell: number): { kind: CellFailureKind; message: string } | undefined {
  if (content.status === "ok") return undefined;
  if (content.ename === TYPE_ERROR_NAME) return { kind: "type-error", message: `cell ${cell} does not type-check` };
  if (content.ename === ESCAPED_ERROR_NAME) {
    return { kind: "escaped-error", message: `an error escaped cell ${cell} (a throw in a callback, or a rejected promise nobody awaited)` };
  }
  return { kind: "cell-error", message: `cell ${cell} threw ${String(content.ename ?? "an error")}: ${String(content.evalue ?? content.status)}` };
}

/** Whether a reply may be followed by an escaped error: the kernel counts what its cell left running (an older kernel says nothing, so may). */
function leftWorkRunning(content: Record<string, unknown>): boolean {
  const pending = content[PENDING_WORK_FIELD];
  return typeof pending !== "object" || pending === null || Array.isArray(pending) || Object.keys(pending).length > 0;
}

/**
 * Executes every code cell of `nb` in a fresh kernel, in order, and stops at the first
 * failure. A cell fails when it throws (a rejected await included), does not type-check,
 * takes longer than the timeout, lets an error escape, or the kernel dies under it.
 */
export async function executeNotebook(file: string, nb: Notebook, options: ExecuteOptions): Promise<ExecutedNotebook | CellFailure> {
  const started = Date.now();
  const kernel = await startKernel();
  if ("kind" in kernel) {
    return { kind: "kernel-died", file, cellIndex: undefined, source: "", outputs: [], message: kernel.message, detail: kernel.detail };
  }
  try {
    const kernelReadyMs = Date.now() - started;
    options.onKernelReady?.(kernelReadyMs);
    return await executeCells(file, nb, kernel, kernelReadyMs, options);
  } finally {
    await kernel.stop();
  }
}

async function executeCells(
  file: string,
  nb: Notebook,
  kernel: RunningKernel,
  kernelReadyMs: number,
  options: ExecuteOptions,
): Promise<ExecutedNotebook | CellFailure> {
  const records = new Map<string, CellRecord>();
  const stopListening = kernel.client.onIopub((message) => {
    const record = records.get(message.parent_header.msg_id ?? "");
    if (record === undefined) return;
    const output = outputOf(message);
    if (output !== undefined) record.outputs.push(output);
    if (message.header.msg_type === "status" && message.content.execution_state === "idle") record.onIdle();
  });
  const executed: ExecutedCell[] = [];
  let workRunning = false;
  const fail = (kind: CellFailureKind, cellIndex: number, outputs: Output[], message: string): CellFailure => ({
    kind,
    file,
    cellIndex,
    source: joinText(nb.cells[cellIndex]!.source),
    outputs,
    message,
    ...(kind === "kernel-died" ? { detail: kernel.stderr() } : {}),
  });
  // An error escaping a cell after its reply is printed under that cell's request.
  const escapedLate = (): CellFailure | undefined => {
    const cell = executed.find((done) => showsEscapedError(done.outputs));
    return cell === undefined
      ? undefined
      : fail("escaped-error", cell.cellIndex, cell.outputs, `an error escaped cell ${cell.cellIndex} after it replied`);
  };

  try {
    const codeCells = nb.cells.flatMap((cell, index) => (cell.cell_type === "code" && joinText(cell.source).trim() !== "" ? [index] : []));
    for (const [position, cellIndex] of codeCells.entries()) {
      const began = Date.now();
      let idle!: () => void;
      const becameIdle = new Promise<void>((resolve) => (idle = resolve));
      const { id, reply } = kernel.client.request("execute_request", {
        code: joinText(nb.cells[cellIndex]!.source),
        silent: false,
        store_history: true,
        user_expressions: {},
        allow_stdin: false,
        stop_on_error: true,
      });
      const record: CellRecord = { cellIndex, outputs: [], onIdle: idle };
      records.set(id, record);

      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        Promise.all([reply, becameIdle]).then(([answer]) => ({ kind: "replied" as const, content: answer.content })),
        kernel.exited.then(() => ({ kind: "died" as const })),
        new Promise<{ kind: "timeout" }>((resolve) => (timer = setTimeout(() => resolve({ kind: "timeout" }), options.timeoutMs))),
      ]);
      clearTimeout(timer);
      if (outcome.kind === "timeout") {
        return fail("timeout", cellIndex, record.outputs, `cell ${cellIndex} did not finish within ${options.timeoutMs / 1000} s`);
      }
      if (outcome.kind === "died") {
        return fail("kernel-died", cellIndex, record.outputs, `the kernel died during cell ${cellIndex} (${kernel.exit()})`);
      }
      const replyFailure = failureOfReply(outcome.content, cellIndex);
      if (replyFailure !== undefined) return fail(replyFailure.kind, cellIndex, record.outputs, replyFailure.message);
      const cell: ExecutedCell = { cellIndex, outputs: record.outputs, ms: Date.now() - began };
      workRunning = leftWorkRunning(outcome.content);
      executed.push(cell);
      const late = escapedLate();
      if (late !== undefined) return late;
      options.onCell?.(cell, { number: position + 1, of: codeCells.length });
    }
    // Listen only when the last cell left work running: with none, no error can escape.
    if (workRunning) await delay(options.settleMs ?? 500);
    const last = executed.at(-1);
    if (kernel.exit() !== undefined && last !== undefined) {
      return fail("kernel-died", last.cellIndex, last.outputs, `the kernel died after cell ${last.cellIndex} replied (${kernel.exit()})`);
    }
    return escapedLate() ?? { kind: "executed", file, kernelReadyMs, cells: executed };
  } finally {
    stopListening();
  }
}
