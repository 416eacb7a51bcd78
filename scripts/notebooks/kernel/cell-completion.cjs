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

/**
 * What TypeScript's completion code asks of a language service host, answered from the
 * converter's program: it asked the settings (`host.getCompilationSettings is not a
 * function`) for a name inside an import's braces, `import { fauxAss } from "…"`.
 * @param {import("./typescript-internals.js").TypeScript} ts
 * @param {import("typescript").Program} program
 * @returns {import("typescript").LanguageServiceHost}
 */
function programHost(ts, program) {
  return {
    getCompilationSettings: () => program.getCompilerOptions(),
    getCurrentDirectory: () => program.getCurrentDirectory(),
    getScriptFileNames: () => [...program.getRootFileNames()],
    getScriptVersion: () => "0",
    getScriptSnapshot: () => undefined,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
}

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
    programHost(ts, program),
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
  const documented = shown.documentation?.length ? { documentation: shown.documentation, tags: shown.tags ?? [] } : docCommentOf(ts, checker, symbol);
  return { displayParts: shown.displayParts, ...documented };
}

/** Declaration files parsed again with their JSDoc, by name, while their text is the same. */
/** @type {Map<string, import("typescript").SourceFile>} */
const withJsDoc = new Map();

/**
 * The doc comment (text and tags) of the declaration `symbol` names, through an import
 * alias. The converter's program parses declaration files without JSDoc, as tsc does
 * (converter.cjs, for the speed of Pi's provider SDKs), so the hover lacked Pi's doc
 * comments (`(alias) class Agent` without "Stateful wrapper around…"); the declaring file
 * is parsed again, once, with it.
 * @param {import("./typescript-internals.js").TypeScript} ts
 * @param {import("typescript").TypeChecker} checker
 * @param {import("typescript").Symbol} symbol
 * @returns {{ documentation: import("typescript").SymbolDisplayPart[], tags: import("typescript").JSDocTagInfo[] }}
 */
function docCommentOf(ts, checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const declaration = target.declarations?.[0];
  const none = { documentation: [], tags: [] };
  if (declaration === undefined) return none;
  const file = declaration.getSourceFile();
  let parsed = withJsDoc.get(file.fileName);
  if (parsed?.text !== file.text) {
    parsed = ts.createSourceFile(file.fileName, file.text, file.languageVersion, true);
    withJsDoc.set(file.fileName, parsed);
  }
  // The same declaration in the parse with JSDoc: the node of the same kind at the same span.
  /** @type {import("typescript").Node | undefined} */
  let found = ts.getTokenAtPosition(parsed, declaration.getStart(file));
  while (found !== undefined && !(found.kind === declaration.kind && found.pos === declaration.pos)) found = found.parent;
  const docs = found === undefined ? [] : ts.getJSDocCommentsAndTags(found).filter(ts.isJSDoc);
  const text = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "").filter((part) => part !== "").join("\n\n");
  const tags = docs.flatMap((doc) =>
    (doc.tags ?? []).map((tag) => {
      const comment = ts.getTextOfJSDocComment(tag.comment);
      return { name: tag.tagName.text, text: comment === undefined ? undefined : [{ text: comment, kind: "text" }] };
    }),
  );
  return { documentation: text === "" ? [] : [{ text, kind: "text" }], tags };
}

module.exports = { completeInCell, inspectInCell };
