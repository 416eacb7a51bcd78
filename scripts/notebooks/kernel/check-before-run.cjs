// @ts-check
"use strict";
// An interrupt that comes while a cell is being type-checked cancels the cell. tslab's
// executor checks and starts a cell in one synchronous stretch, and Node runs a SIGINT
// handler only between such stretches: an interrupt during the check (seconds, at a
// notebook's first opening, just when a reader presses Stop) was handled after the cell
// had started, so the cell ran anyway (a busy loop needed a second interrupt; a cell
// without `await` ran to its end). Here the executor is asked twice: first only to check
// (the converter's result is kept and the executor is handed an empty cell), then, after
// the event loop has had its turn to run the signal handler, to run the kept result;
// interrupted in between, the cell is not run. The run itself is tslab's as before
// (breakOnSigint for the synchronous part, the interrupt race for `await`). A cell a
// check service checks (check-service.cjs) is waited for between the two passes, and an
// interrupt ends that wait at once.

/** Why an interrupted cell did not run, as its error (ename, as ipykernel names an interrupt). */
function interruptedCheck() {
  const error = new Error("interrupted while the cell was being type-checked; it did not run");
  error.name = "KeyboardInterrupt";
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** Two turns of the event loop: a signal that came during the check has run its handler after them. */
const signalsHandled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * The converter and executor wrappers that check a cell before running it. `report(error)`
 * fails the cell with `error` (the executor's tracked console.error).
 * @param {(error: Error) => void} report
 */
function createCheckBeforeRun(report) {
  /** @typedef {{ prevDecl: string, src: string, converted: import("tslab/dist/converter").ConvertResult }} Kept */
  /** @type {Kept | undefined} */
  let kept;
  /**
   * @typedef {{
   *   prepare?(prevDecl: string, src: string): Promise<void> | undefined,
   *   prepareProbe?(kind: "complete" | "inspect", prevDecl: string, src: string, position: number): Promise<void> | undefined,
   * }} Preparing
   */
  /** @typedef {{ prevDecl: string, src: string, ready: Promise<void>, convert: () => import("tslab/dist/converter").ConvertResult }} Elsewhere */
  /** @type {Elsewhere | undefined} a cell being checked elsewhere */
  let preparing;
  /** @type {(() => void) | undefined} resolves the wait for a check elsewhere when an interrupt comes */
  let wake;
  let checking = false; // the executor's first pass: check, keep, and hand it an empty cell
  /** @type {"complete" | "inspect" | undefined} a completion's or an inspection's first pass: keep its arguments */
  let probing;
  /** @type {Promise<void> | undefined} the probe being answered elsewhere */
  let probeReady;
  let interrupted = false;
  /** @type {import("tslab/dist/converter").SideOutput[]} project files compiled for a cell that did not run */
  let undelivered = [];

  /**
   * @param {import("tslab/dist/converter").Converter} converter
   * @returns {import("tslab/dist/converter").Converter}
   */
  function withKeptCheck(converter) {
    return {
      ...converter,
      complete(prevDecl, src, position) {
        if (probing !== "complete") return converter.complete(prevDecl, src, position);
        probeReady = /** @type {Preparing} */ (converter).prepareProbe?.("complete", prevDecl, src, position);
        return { start: position, end: position, candidates: [] };
      },
      inspect(prevDecl, src, position) {
        if (probing !== "inspect") return converter.inspect(prevDecl, src, position);
        probeReady = /** @type {Preparing} */ (converter).prepareProbe?.("inspect", prevDecl, src, position);
        // Nothing found, as tslab's inspect reply reads it; this pass's answer is not sent.
        return /** @type {ReturnType<typeof converter.inspect>} */ (/** @type {unknown} */ (undefined));
      },
      convert(prevDecl, src) {
        if (checking) {
          // A cell a check service checks (check-service.cjs): waited for after this pass.
          const ready = /** @type {Preparing} */ (converter).prepare?.(prevDecl, src);
          if (ready !== undefined) preparing = { prevDecl, src, ready, convert: () => converter.convert(prevDecl, src) };
          else kept = { prevDecl, src, converted: converter.convert(prevDecl, src) };
          // No output: the executor runs nothing and keeps prevDecl as it was.
          return { diagnostics: [], declOutput: prevDecl };
        }
        let converted;
        if (kept !== undefined && kept.prevDecl === prevDecl && kept.src === src) {
          converted = kept.converted;
          kept = undefined;
        } else {
          converted = converter.convert(prevDecl, src);
        }
        if (undelivered.length === 0) return converted;
        const sideOutputs = [...undelivered, ...(converted.sideOutputs ?? [])];
        undelivered = [];
        return { ...converted, sideOutputs };
      },
    };
  }

  /**
   * @param {import("tslab/dist/executor").Executor} executor
   * @returns {import("tslab/dist/executor").Executor}
   */
  function withCheckFirst(executor) {
    return {
      ...executor,
      interrupt() {
        interrupted = true;
        wake?.();
        executor.interrupt();
      },
      async execute(src) {
        interrupted = false;
        kept = undefined;
        preparing = undefined;
        checking = true;
        let handled;
        try {
          handled = await executor.execute(src);
        } finally {
          checking = false;
        }
        // Set by convert() during the first pass, as `kept` is.
        const elsewhere = /** @type {Elsewhere | undefined} */ (preparing);
        preparing = undefined;
        if (elsewhere !== undefined) {
          const interruptedNow = new Promise((resolve) => (wake = () => resolve(undefined)));
          if (!interrupted) await Promise.race([elsewhere.ready, interruptedNow]);
          wake = undefined;
          if (interrupted) {
            report(interruptedCheck());
            return false;
          }
          kept = { prevDecl: elsewhere.prevDecl, src: elsewhere.src, converted: elsewhere.convert() };
        }
        // Set by convert() during the first pass, which TypeScript's narrowing does not see.
        const checked = /** @type {Kept | undefined} */ (kept);
        // A %module or browser cell: tslab handled it without the converter's check.
        if (checked === undefined) return handled;
        await signalsHandled();
        if (interrupted) {
          // The converter gives a project file's code once: the next cell hands it over.
          undelivered.push(...(checked.converted.sideOutputs ?? []));
          kept = undefined;
          report(interruptedCheck());
          return false;
        }
        return executor.execute(src);
      },
    };
  }

  /**
   * Before a completion or an inspection: asks `executor` once with the converter keeping
   * its arguments (the executor holds the earlier cells' token), and waits while a check
   * service answers them; the request itself then asks again and gets that answer.
   * @param {import("tslab/dist/executor").Executor} executor
   * @param {"complete" | "inspect"} kind
   * @param {string} code
   * @param {number} position
   */
  async function prepareProbe(executor, kind, code, position) {
    probing = kind;
    probeReady = undefined;
    try {
      executor[kind](code, position);
    } finally {
      probing = undefined;
    }
    const ready = /** @type {Promise<void> | undefined} */ (probeReady);
    probeReady = undefined;
    await ready;
  }

  return { withKeptCheck, withCheckFirst, prepareProbe };
}

module.exports = { createCheckBeforeRun };
