// @ts-check
"use strict";
// Decides whether a cell failed and why, and tells the client in the execute_reply.
// tslab 1.0.22 replies a bare `status: "error"` for a type error and a throw alike, and
// an error that escapes a cell (a throw in a timer, an un-awaited rejected promise) is
// only printed: the cell still replies "ok". Here both become failures with a name, which
// the kernel publishes as an iopub `error` (execute-request.cjs). A throw is not printed
// to stderr as well: its text is the error's traceback, so a client shows it once.

const { setTimeout: sleep } = require("node:timers/promises");
const { inspect } = require("node:util");
const { withReadableStack } = require("./stack-traces.cjs");

// Long enough for an un-awaited rejection (reported after the microtask queue drains)
// and a zero-delay timer to surface before the cell replies.
const SETTLE_MS = 5;

/**
 * The Jupyter error fields of a failed cell, in its execute_reply and iopub `error`.
 * @typedef {{ ename: string, evalue: string, traceback: string[] }} Failure
 */

/**
 * A diagnostic as tsc prints it, at a position in the cell (`<cell>`, as the cell's
 * stack frames name it) or in a project file.
 * @param {import("tslab/dist/converter").Diagnostic} diagnostic
 */
function diagnosticLine(diagnostic) {
  const where = `${diagnostic.fileName ?? "<cell>"}:${diagnostic.start.line + 1}:${diagnostic.start.character + 1}`;
  // Code 0: the kernel's own refusal (outside-imports.cjs), not one of TypeScript's.
  return `${where} - error${diagnostic.code > 0 ? ` TS${diagnostic.code}` : ""}: ${diagnostic.messageText}`;
}

/**
 * Tracks the cell being executed. `names` are the ename values the runner reads
 * (contract.json): a type error and an escaped error have fixed names; a throw keeps the
 * thrown error's own name.
 * @param {{ typeErrorName: string, escapedErrorName: string }} names
 */
function createCellFailures(names) {
  let cell = freshCell();
  let anyCellStarted = false;

  /** @returns {{ typeErrors: boolean, diagnostics: string[], thrown: unknown, hasThrown: boolean, escaped: string[] }} */
  function freshCell() {
    return { typeErrors: false, diagnostics: [], thrown: undefined, hasThrown: false, escaped: [] };
  }

  /**
   * Called by the process handlers; the text goes to the current cell's stderr.
   * @param {string} how
   * @param {unknown} reason
   */
  function escaped(how, reason) {
    const where = anyCellStarted ? "the cell" : "the kernel before any cell ran";
    cell.escaped.push(`${how} escaped ${where}`);
    // Printed, not kept for the error: it may come after the cell replied.
    console.error(`${names.escapedErrorName}: ${how} escaped ${where}: ${inspect(withReadableStack(reason))}`);
  }

  /**
   * @param {import("tslab/dist/executor").Executor} executor
   * @returns {import("tslab/dist/executor").Executor}
   */
  function withFailureTracking(executor) {
    return {
      ...executor,
      async execute(src) {
        cell = freshCell();
        anyCellStarted = true;
        const ok = await executor.execute(src);
        await sleep(SETTLE_MS);
        return ok && cell.escaped.length === 0;
      },
    };
  }

  /**
   * @param {import("tslab/dist/converter").Converter} converter
   * @returns {import("tslab/dist/converter").Converter}
   */
  function withTypeErrorTracking(converter) {
    return {
      ...converter,
      convert(prevDecl, src) {
        const converted = converter.convert(prevDecl, src);
        if (converted.diagnostics.length > 0) {
          cell.typeErrors = true;
          cell.diagnostics = converted.diagnostics.map(diagnosticLine);
        }
        return converted;
      },
    };
  }

  /**
   * The executor prints a throw with console.error(e) and diagnostics with a format string.
   * @param {import("tslab/dist/executor").ConsoleInterface} console
   * @returns {import("tslab/dist/executor").ConsoleInterface}
   */
  function withThrowTracking(console) {
    return {
      log: console.log,
      /** @param {unknown[]} args */
      error(...args) {
        if (!cell.typeErrors && !cell.hasThrown && args.length === 1) {
          cell.thrown = withReadableStack(args[0]);
          cell.hasThrown = true;
          return;
        }
        // A type error's diagnostics, which the executor prints with a format string,
        // are the cell's error (describeFailure): printed here too, a client showed them twice.
        if (cell.typeErrors && args.length > 1) return;
        console.error(...args);
      },
    };
  }

  /**
   * The Jupyter error fields (ename, evalue, traceback) for the cell that just failed. A
   * client shows the traceback, or `ename: evalue` when it is empty: a throw's traceback
   * is the error as Node prints it (stack at the .ts lines, its own properties, its
   * cause); a type error's are its diagnostics, as tsc prints them, with position and
   * code, so a client that reads only the error (nbconvert, VS Code) says why; an escaped
   * error is already on stderr.
   * @returns {Failure}
   */
  function describeFailure() {
    if (cell.typeErrors) {
      return { ename: names.typeErrorName, evalue: cell.diagnostics.join("\n"), traceback: cell.diagnostics.flatMap((text) => text.split("\n")) };
    }
    if (cell.hasThrown) {
      const thrown = cell.thrown;
      if (thrown instanceof Error) {
        // Node prints an error without frames in brackets, `[KeyboardInterrupt: …]`.
        return { ename: thrown.name, evalue: thrown.message, traceback: inspect(thrown).replace(/^\[(.*)\]$/s, "$1").split("\n") };
      }
      return { ename: typeof thrown, evalue: inspect(thrown), traceback: [] };
    }
    if (cell.escaped.length > 0) {
      return { ename: names.escapedErrorName, evalue: cell.escaped.join("; "), traceback: [] };
    }
    return { ename: "Error", evalue: "the cell failed", traceback: [] };
  }

  return { escaped, withFailureTracking, withTypeErrorTracking, withThrowTracking, describeFailure };
}

module.exports = { createCellFailures };
