// @ts-check
"use strict";
// The diagnostics a cell prints, as tsc prints them. tslab prints each link of a
// diagnostic's message chain as a diagnostic of its own, at the same position, so one
// error read as two or more (and a repeated link as the same line twice). Here a chain
// becomes one message, indented as tsc indents it, and an exact repeat is dropped.

// TS2307 "Cannot find module": what a relative import from the notebook's folder gets.
const CANNOT_FIND_MODULE = 2307;
const RELATIVE_IMPORT_HINT =
  "hint: a cell runs in the project root, whatever folder the notebook is in: import project files as './examples/...', not '../examples/...'";

/**
 * `diagnostics` with chains flattened, repeats dropped, and a hint on `../` imports.
 * @param {typeof import("typescript")} ts
 * @param {readonly import("typescript").Diagnostic[]} diagnostics
 * @returns {(import("typescript").Diagnostic & { messageText: string })[]}
 */
function readableDiagnostics(ts, diagnostics) {
  const seen = new Set();
  const result = [];
  for (const diagnostic of diagnostics) {
    let messageText = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (diagnostic.code === CANNOT_FIND_MODULE && /'\.\.\//.test(messageText)) messageText += `\n  ${RELATIVE_IMPORT_HINT}`;
    const key = `${diagnostic.file?.fileName}:${diagnostic.start}:${diagnostic.code}:${messageText}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ ...diagnostic, messageText });
  }
  return result;
}

module.exports = { readableDiagnostics, RELATIVE_IMPORT_HINT };
