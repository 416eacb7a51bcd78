// @ts-check
"use strict";
// is_complete_request: whether a console should run the code or wait for another line.
// tslab 1.0.22 answered only `complete` or `incomplete`: `const x = )` came back
// complete, and so did an unterminated template string. Here the project's TypeScript
// parses the code: a syntax error that only more text could fix (every parse error at
// the very end, "'}' expected." or an open template) is incomplete; any other is
// invalid.

// TypeScript's "Unterminated template literal." (a template may span lines).
const UNTERMINATED_TEMPLATE = 1160;

/**
 * Whether `diagnostic` asks for more text: at the end of the code and "… expected." or an open template.
 * @param {import("typescript").DiagnosticWithLocation} diagnostic
 * @param {number} end
 * @param {typeof import("typescript")} ts
 */
function wantsMore(diagnostic, end, ts) {
  if (diagnostic.start !== end || diagnostic.length !== 0) return false;
  if (diagnostic.code === UNTERMINATED_TEMPLATE) return true;
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").endsWith(" expected.");
}

/**
 * The next line's indentation: the last line's, one level deeper after an opening bracket.
 * @param {string} code
 */
function indentAfter(code) {
  const lastLine = code.slice(code.lastIndexOf("\n") + 1);
  const current = /^\s*/.exec(lastLine)?.[0] ?? "";
  return /[{([]\s*$/.test(lastLine) ? `${current}  ` : current;
}

/**
 * The is_complete_reply content for `code`, parsed as a cell is (a .ts module).
 * @param {typeof import("typescript")} ts
 * @param {string} code
 */
function isComplete(ts, code) {
  // parseDiagnostics is internal to TypeScript: the parser's errors, without a program.
  const file = /** @type {import("typescript").SourceFile & { parseDiagnostics?: import("typescript").DiagnosticWithLocation[] }} */ (
    ts.createSourceFile("cell.ts", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  );
  const errors = file.parseDiagnostics ?? [];
  if (errors.length === 0) return { status: "complete" };
  if (!errors.every((diagnostic) => wantsMore(diagnostic, code.length, ts))) return { status: "invalid" };
  // A console's way to run code it would wait on: end it with a blank line (as tslab did).
  if (/(^|\n)[^\S\n]*\n\s*$/.test(code)) return { status: "complete" };
  return { status: "incomplete", indent: indentAfter(code) };
}

module.exports = { isComplete };
