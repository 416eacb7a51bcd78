// @ts-check
"use strict";
// Completion (Tab) and inspection (Shift-Tab) for a cell, with the names of earlier
// cells. tslab 1.0.22 answers both from declaration text of the earlier cells; the
// kernel's converter keeps no such text (a cell's "declarations" are the cell itself,
// checked beside the earlier ones), so tslab's converter saw no earlier name: `agent.`
// after `const agent = makeResearchAgent(…)` in an earlier cell gave 0 matches, and
// inspect answered `any`. Here both are answered by the converter's own program and
// checker, on a probe of the cell placed after the earlier cells as a run of it would
// be, with TypeScript's language-service code (the pinned version's, as tslab did with
// its own): the same matches and hover text an editor shows.

/**
 * TypeScript's cancellation token for work that is never cancelled.
 * @type {import("typescript").CancellationToken}
 */
const NEVER_CANCELLED = { isCancellationRequested: () => false, throwIfCancellationRequested: () => undefined };

/** An identifier's characters, as Jupyter's cursor can sit inside or after one. */
const NAME_BEFORE = /[\p{ID_Continue}$\u200c\u200d]*$/u;
const NAME_AFTER = /^[\p{ID_Continue}$\u200c\u200d]*/u;

/**
 * How well `name` matches what the reader typed, as tslab ranked it: 0 starts with it,
 * 1 starts with it in another case, 2 contains it, undefined not a match.
 * @param {string} name
 * @param {string} typed
 */
function rank(name, typed) {
  if (name.startsWith(typed)) return 0;
  const lower = name.toLowerCase();
  const typedLower = typed.toLowerCase();
  if (lower.startsWith(typedLower)) return 1;
  if (lower.includes(typedLower)) return 2;
  return undefined;
}

/**
 * The completions at `position` in the probe `cell` (a source file the converter made
 * from the cell's text, after the earlier cells): `{ start, end, candidates }`, the span
 * the reader's identifier covers and the names that may replace it, best first.
 * @param {import("./typescript-internals.js").TypeScript} ts
 * @param {import("typescript").Program} program
 * @param {import("typescript").SourceFile} cell
 * @param {number} position
 */
function completeInCell(ts, program, cell, position) {
  const text = cell.text;
  // Both patterns match the empty string, so exec() always finds a match.
  const start = position - (NAME_BEFORE.exec(text.slice(0, position))?.[0].length ?? 0);
  const end = position + (NAME_AFTER.exec(text.slice(position))?.[0].length ?? 0);
  const typed = text.slice(start, position);
  const info = ts.Completions.getCompletionsAtPosition(
    {},
    program,
    () => {},
    cell,
    position,
    {},
    undefined,
    ts.CompletionTriggerKind.Invoked,
    NEVER_CANCELLED,
  );
  const ranked = [];
  for (const entry of info?.entries ?? []) {
    const r = rank(entry.name, typed);
    if (r !== undefined) ranked.push({ r, sortText: entry.sortText, name: entry.name });
  }
  ranked.sort((a, b) => a.r - b.r || a.sortText.localeCompare(b.sortText) || a.name.localeCompare(b.name));
  return { start, end, candidates: [...new Set(ranked.map((entry) => entry.name))] };
}

/**
 * What an editor's hover shows for the name at `position` in the probe `cell`, in the
 * shape tslab's inspect reply prints (displayParts, documentation, tags), or undefined
 * when the position names nothing.
 * @param {import("./typescript-internals.js").TypeScript} ts
 * @param {import("typescript").Program} program
 * @param {import("typescript").SourceFile} cell
 * @param {number} position
 */
function inspectInCell(ts, program, cell, position) {
  const node = ts.getTouchingPropertyName(cell, position);
  if (node === cell || node.kind === ts.SyntaxKind.EndOfFileToken) return undefined;
  const checker = /** @type {import("./typescript-internals.js").TypeChecker} */ (program.getTypeChecker());
  const symbol = checker.getSymbolAtLocation(node);
  if (symbol === undefined || checker.isUnknownSymbol(symbol)) {
    if (!ts.isExpression(node)) return undefined;
    const type = checker.getTypeAtLocation(node);
    return { displayParts: ts.typeToDisplayParts(checker, type, ts.getContainerNode(node)), documentation: [], tags: [] };
  }
  const shown = ts.SymbolDisplay.getSymbolDisplayPartsDocumentationAndSymbolKind(checker, symbol, cell, ts.getContainerNode(node), node);
  return { displayParts: shown.displayParts, documentation: shown.documentation ?? [], tags: shown.tags ?? [] };
}

module.exports = { completeInCell, inspectInCell };
