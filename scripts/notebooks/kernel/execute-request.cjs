// @ts-check
"use strict";
// execute_request as Jupyter's clients and its conformance suite expect it, in place of
// tslab 1.0.22's JupyterHandlerImpl.handleExecute, which
// - sent no execute_input, so every client left execution_count null;
// - printed the value of a cell's last expression with console.log: a stream, not an
//   execute_result;
// - printed a failure to stderr and published no iopub `error`, so a client showed no
//   error output;
// - after a failing cell refused every request for 200 ms, even when the client asked to
//   go on (stop_on_error false): nbconvert --allow-errors and nbclient with allow_errors
//   left the next cells empty and still reported success.
// Here a failure with stop_on_error aborts only the execute requests already received
// (ipykernel's default), and without it the next request runs.

const { inspect } = require("node:util");

/**
 * tslab's JupyterHandlerImpl as the kernel uses it (its execCount and executor are
 * private in tslab's declarations, and read here all the same).
 * @typedef {{
 *   execCount: number,
 *   executor: import("tslab/dist/executor").Executor,
 *   createWriteToIopub: import("tslab/dist/jupyter").JupyterHandlerImpl["createWriteToIopub"],
 *   handleComplete: import("tslab/dist/jupyter").JupyterHandlerImpl["handleComplete"],
 *   handleInspect: import("tslab/dist/jupyter").JupyterHandlerImpl["handleInspect"],
 * }} Handler
 */

/** @typedef {Parameters<typeof import("tslab/dist/jupyter").lastWriteDisplayData>[0]} DisplayData */

/**
 * Publishing on iopub under one request.
 * @typedef {{
 *   publish(msgType: string, content: object): unknown,
 *   writeStream(name: string, text: string): void,
 *   writeDisplayData(data: DisplayData, update: boolean): void,
 * }} Io
 */

/**
 * An execute_request's content, as far as the kernel reads it.
 * @typedef {{ code: string, silent?: boolean, store_history?: boolean, stop_on_error?: boolean }} ExecuteRequest
 */

/**
 * `failures` (cell-failures.cjs) says why a cell failed, `pendingWork` (pending-work.cjs)
 * what it left running, `history` (history.cjs) keeps the cells run; `jupyterModule` is
 * tslab's jupyter.js, whose `lastWriteDisplayData` tslab's display API writes through.
 * @param {{
 *   failures: ReturnType<typeof import("./cell-failures.cjs").createCellFailures>,
 *   pendingWork: ReturnType<typeof import("./pending-work.cjs").createPendingWork>,
 *   history: ReturnType<typeof import("./history.cjs").createHistory>,
 *   pendingWorkField: string,
 *   jupyterModule: { lastWriteDisplayData: (data: DisplayData, update: boolean) => void },
 * }} parts
 */
function createExecuteRequests({ failures, pendingWork, history, pendingWorkField, jupyterModule }) {
  /** @type {{ publish: Io["publish"], count: number, silent: boolean } | undefined} the request whose cell runs now */
  let current;
  let received = 0; // execute requests read from the socket so far
  let abortThrough = 0; // requests numbered up to this one are not run (an earlier one failed)
  let queue = Promise.resolve();

  /**
   * The executor's console, whose log() tslab calls only with a cell's last expression value.
   * @param {import("tslab/dist/executor").ConsoleInterface} console
   * @returns {import("tslab/dist/executor").ConsoleInterface}
   */
  function withExecuteResult(console) {
    return {
      ...console,
      /** @param {unknown} value */
      log(value) {
        if (current === undefined || current.silent) return;
        const text = inspect(value);
        current.publish("execute_result", { execution_count: current.count, data: { "text/plain": text }, metadata: {} });
        history.recordOutput(current.count, text);
      },
    };
  }

  /**
   * @param {Handler} handler
   * @param {ExecuteRequest} request
   * @param {Io} io
   */
  async function run(handler, request, io) {
    const silent = request.silent === true;
    const store = request.store_history !== false && !silent;
    const count = store ? ++handler.execCount : handler.execCount;
    if (!silent) io.publish("execute_input", { code: request.code, execution_count: count });
    if (store) history.record(count, request.code);
    // Output written after the reply (a timer's) still goes to this cell, as in ipykernel.
    // tslab's writer takes no callback, as tslab's own handleExecute installs it.
    process.stdout.write = /** @type {typeof process.stdout.write} */ (handler.createWriteToIopub("stdout", io.writeStream));
    process.stderr.write = /** @type {typeof process.stderr.write} */ (handler.createWriteToIopub("stderr", io.writeStream));
    jupyterModule.lastWriteDisplayData = io.writeDisplayData;
    current = { publish: io.publish, count, silent };
    pendingWork.cellStarts();
    let ok;
    try {
      ok = await handler.executor.execute(request.code);
    } catch (error) {
      // Not the cell's error: the kernel's own (its converter, say). The cell fails with it.
      process.stderr.write(`the kernel failed to run the cell: ${inspect(error)}\n`);
      ok = false;
    }
    const pending = { [pendingWorkField]: pendingWork.pending() };
    if (ok) return { status: "ok", execution_count: count, payload: [], user_expressions: {}, ...pending };
    const failure = failures.describeFailure();
    if (!silent) io.publish("error", failure);
    return { status: "error", execution_count: count, ...failure, ...pending };
  }

  /**
   * Runs `request` (an execute_request's content) after those before it and resolves to
   * the execute_reply content. `io` publishes on iopub under this request:
   * `writeStream(name, text)`, `writeDisplayData(content, update)`, `publish(type, content)`.
   * @param {Handler} handler
   * @param {ExecuteRequest} request
   * @param {Io} io
   */
  function execute(handler, request, io) {
    const number = ++received;
    const reply = queue.then(async () => {
      if (number <= abortThrough) return { status: "aborted", execution_count: handler.execCount };
      const content = await run(handler, request, io);
      if (content.status === "error" && request.stop_on_error !== false) abortThrough = received;
      return content;
    });
    // A request that failed to run (a kernel bug) must not stop the ones after it.
    queue = reply.then(
      () => undefined,
      () => undefined,
    );
    return reply;
  }

  return { withExecuteResult, execute };
}

module.exports = { createExecuteRequests };
