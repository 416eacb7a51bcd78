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
 * `failures` (cell-failures.cjs) says why a cell failed, `pendingWork` (pending-work.cjs)
 * what it left running, `history` (history.cjs) keeps the cells run; `jupyterModule` is
 * tslab's jupyter.js, whose `lastWriteDisplayData` tslab's display API writes through.
 */
function createExecuteRequests({ failures, pendingWork, history, pendingWorkField, jupyterModule }) {
  let current; // the request whose cell runs now: { publish, count, silent }
  let received = 0; // execute requests read from the socket so far
  let abortThrough = 0; // requests numbered up to this one are not run (an earlier one failed)
  let queue = Promise.resolve();

  /** The executor's console, whose log() tslab calls only with a cell's last expression value. */
  function withExecuteResult(console) {
    return {
      ...console,
      log(value) {
        if (current === undefined || current.silent) return;
        const text = inspect(value);
        current.publish("execute_result", { execution_count: current.count, data: { "text/plain": text }, metadata: {} });
        history.recordOutput(current.count, text);
      },
    };
  }

  async function run(handler, request, io) {
    const silent = request.silent === true;
    const store = request.store_history !== false && !silent;
    const count = store ? ++handler.execCount : handler.execCount;
    if (!silent) io.publish("execute_input", { code: request.code, execution_count: count });
    if (store) history.record(count, request.code);
    // Output written after the reply (a timer's) still goes to this cell, as in ipykernel.
    process.stdout.write = handler.createWriteToIopub("stdout", io.writeStream);
    process.stderr.write = handler.createWriteToIopub("stderr", io.writeStream);
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
