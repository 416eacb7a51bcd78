// @ts-check
"use strict";
// The cells this kernel ran, for history_request (tslab 1.0.22 sent no reply at all, so
// a client asking hung). Kept in memory for the kernel's life: the kernel has one
// session, numbered 1, and a line is a cell's execution_count, as in IPython.

const SESSION = 1;

/**
 * A glob as IPython's history search reads one (`*`, `?`, `[...]`), matched against the whole input.
 * @param {string} glob
 */
function globToRegExp(glob) {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === "*") source += "[\\s\\S]*";
    else if (char === "?") source += "[\\s\\S]";
    else if (char === "[" && glob.indexOf("]", i + 2) > 0) {
      const end = glob.indexOf("]", i + 2);
      const body = glob.slice(i + 1, end);
      source += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
      i = end;
    } else source += char.replace(/[\\^$.|+(){}[\]]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/**
 * A cell run with store_history: its execution_count, its code, and the text of its
 * execute_result (null when it had none).
 * @typedef {{ line: number, input: string, output: string | null }} Entry
 */

/**
 * A history_request's content, as far as this kernel reads it.
 * @typedef {{ output?: boolean, hist_access_type?: string, n?: number | null, session?: number, start?: number, stop?: number, pattern?: string, unique?: boolean }} HistoryRequest
 */

function createHistory() {
  /** @type {Entry[]} in execution order */
  const entries = [];

  /**
   * @param {Entry[]} chosen
   * @param {boolean} withOutput
   */
  function format(chosen, withOutput) {
    return chosen.map(({ line, input, output }) => [SESSION, line, withOutput ? [input, output] : input]);
  }

  /**
   * Sessions a request may name: 0 and negative numbers count back from this one.
   * @param {number | undefined} session
   */
  function isThisSession(session) {
    return session === undefined || session === 0 || session === SESSION;
  }

  return {
    /**
     * Records a cell run with store_history; `line` is its execution_count.
     * @param {number} line
     * @param {string} input
     */
    record(line, input) {
      entries.push({ line, input, output: null });
    },
    /**
     * Records the text of the cell's execute_result.
     * @param {number} line
     * @param {string} text
     */
    recordOutput(line, text) {
      const entry = entries.findLast((candidate) => candidate.line === line);
      if (entry !== undefined) entry.output = text;
    },
    /**
     * The history_reply content for a history_request's content.
     * @param {HistoryRequest} request
     */
    reply(request) {
      const withOutput = request.output === true;
      switch (request.hist_access_type) {
        case "tail":
          return { status: "ok", history: format(entries.slice(-(request.n ?? 10)), withOutput) };
        case "range": {
          if (!isThisSession(request.session)) return { status: "ok", history: [] };
          const start = request.start ?? 0;
          const stop = request.stop ?? Infinity;
          return { status: "ok", history: format(entries.filter(({ line }) => line >= start && line < stop), withOutput) };
        }
        case "search": {
          const pattern = globToRegExp(request.pattern ?? "*");
          let found = entries.filter(({ input }) => pattern.test(input));
          if (request.unique === true) found = found.filter((entry, i) => !found.slice(i + 1).some((later) => later.input === entry.input));
          if (request.n !== undefined && request.n !== null) found = found.slice(-request.n);
          return { status: "ok", history: format(found, withOutput) };
        }
        default:
          return { status: "error", ename: "ValueError", evalue: `unknown hist_access_type ${JSON.stringify(request.hist_access_type)}`, traceback: [] };
      }
    },
  };
}

module.exports = { createHistory, globToRegExp };
