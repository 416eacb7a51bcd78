// @ts-check
"use strict";
// Stack traces a reader can follow. The kernel runs a project file as JavaScript emitted
// twice (TypeScript's ES module output, then that transpiled to CommonJS), under the
// name of a `.js` file beside the source that does not exist, so a throw in step.ts
// pointed at `step.js:101`. The kernel asks for a source map at both steps, keeps
// both, and maps each frame back through them to the `.ts` file and line. Frames of the
// kernel itself (this directory, tslab, node:vm) are dropped.
//
// A cell is compiled the same way, but tslab runs it with vm.runInThisContext and no file
// name, so its frames read `evalmachine.<anonymous>:13:22` (lines of the compiled code)
// and three `node:vm` frames followed. The kernel names the cell's code after its emitted
// file (a `//# sourceURL` comment, which V8 honours for code without a file name), so its
// frames map like a project file's, and reads them as `<cell>:LINE:COLUMN`, the line and
// column in the cell as the reader wrote it.

const path = require("node:path");
const { SourceMap } = require("node:module");

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/**
 * Emitted `.js` path -> the two maps that lead from it back to its `.ts` source, as JSON
 * until a stack trace first needs them (parsing a map costs more than most cells).
 * @type {Map<string, { tsFile: string, toEsmText: string, toTsText: string, parsed?: { toEsm: SourceMap, toTs: SourceMap } }>}
 */
const maps = new Map();

/** @typedef {{ outputText: string, sourceMapText: string | undefined }} CommonJs */

/**
 * An ES module (without its inline map) as CommonJS, with the map of that step:
 * `ts.transpileModule`, what tslab's esModuleToCommonJSModule does with its own
 * TypeScript 5.0, which type-checked the file again while transpiling it. The output has
 * no map comment.
 * @param {typeof import("typescript")} ts
 * @param {string} esm
 * @returns {CommonJs}
 */
function commonJsOf(ts, esm) {
  const compilerOptions = { module: ts.ModuleKind.CommonJS, esModuleInterop: true, target: ts.ScriptTarget.ES2022, newLine: ts.NewLineKind.LineFeed, sourceMap: true };
  const result = ts.transpileModule(esm, { fileName: "custom.js", compilerOptions });
  return { outputText: result.outputText.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n"), sourceMapText: result.sourceMapText };
}

/**
 * An emitted module's text less its inline source map: what its CommonJS is made from, and
 * the key it is kept under.
 * @param {string} js
 */
function withoutInlineMap(js) {
  return splitInlineMap(js).esm;
}

/**
 * An emitted module's text less its inline source map, and that map (base64), if any.
 * @param {string} js
 */
function splitInlineMap(js) {
  const match = INLINE_MAP.exec(js);
  return match === null ? { esm: js, inlineMap: undefined } : { esm: js.slice(0, match.index), inlineMap: match[1] };
}

/**
 * `js`'s CommonJS from `known` (ES module text without its inline map -> CommonJS), made
 * and kept there when missing. A cell taken from the cells' cache, or from the check
 * service, brings its own and its files' (conversion-cache.cjs), so that neither is
 * transpiled again: 20 to 30 ms of a later cell.
 * @param {typeof import("typescript")} ts
 * @param {string} js
 * @param {Map<string, CommonJs>} [known]
 */
function keptCommonJs(ts, js, known) {
  const { esm, inlineMap } = splitInlineMap(js);
  let made = known?.get(esm);
  if (made === undefined) {
    made = commonJsOf(ts, esm);
    known?.set(esm, made);
  }
  return { made, inlineMap };
}

/**
 * An emitted ES module as the CommonJS tslab's executor runs, with both maps kept: the
 * input carries TypeScript's inline map (the kernel turns on inlineSourceMap), the
 * transpilation makes the second.
 * @param {typeof import("typescript")} ts
 * @param {string} js
 * @param {string} projectRoot
 * @param {Map<string, CommonJs>} [known] transpilations already made (keptCommonJs)
 */
function toCommonJsKeepingMaps(ts, js, projectRoot, known) {
  const { made, inlineMap } = keptCommonJs(ts, js, known);
  if (inlineMap === undefined || made.sourceMapText === undefined) return made.outputText;
  const toTsText = Buffer.from(inlineMap, "base64").toString("utf8");
  const [source] = JSON.parse(toTsText).sources ?? [];
  if (source !== undefined) {
    // The map names the .ts file relative to the .js tslab emits under its outDir, which
    // mirrors the project: drop the climb out of outDir and what remains is project-relative.
    const tsFile = path.resolve(projectRoot, path.dirname(source).replace(/^(\.\.(\/|$))+/, ""), path.basename(source));
    if (tsFile.startsWith(projectRoot + path.sep) && tsFile.endsWith(".ts")) {
      maps.set(tsFile.slice(0, -3) + ".js", { tsFile, toEsmText: made.sourceMapText, toTsText });
    }
  }
  return made.outputText;
}

/**
 * The `.ts` position (`file:line:column`) a position in an emitted file maps to, if any.
 * @param {string} file
 * @param {number} line
 * @param {number} column
 */
function mapPosition(file, line, column) {
  const entry = maps.get(file);
  if (entry === undefined) return undefined;
  entry.parsed ??= { toEsm: new SourceMap(JSON.parse(entry.toEsmText)), toTs: new SourceMap(JSON.parse(entry.toTsText)) };
  const { toEsm, toTs } = entry.parsed;
  // findEntry() gives {} for a position no mapping covers.
  const esm = /** @type {Partial<import("node:module").SourceMapping>} */ (toEsm.findEntry(line - 1, column - 1));
  if (esm.originalLine === undefined || esm.originalColumn === undefined) return undefined;
  const ts = /** @type {Partial<import("node:module").SourceMapping>} */ (toTs.findEntry(esm.originalLine, esm.originalColumn));
  if (ts.originalLine === undefined || ts.originalColumn === undefined) return undefined;
  return `${entry.tsFile}:${ts.originalLine + 1}:${ts.originalColumn + 1}`;
}

const KERNEL_FRAMES = [__dirname + path.sep, `${path.sep}node_modules${path.sep}tslab${path.sep}`, "(node:vm:", "at node:vm:"];
const FRAME_LOCATION = /(\(|at )([^()\s][^()]*?\.js):(\d+):(\d+)(\)?)$/;
/** The emitted file of a cell (converter.cjs names cells `__tslab_cell_N__.ts`). */
const CELL_FILE = /(^|[\\/])__tslab_cell_\d+__\.js$/;

/**
 * A cell's CommonJS code, named after its emitted file (`cellFile`, the `.js` path its
 * source map was kept under) so that its stack frames can be mapped to the cell's lines.
 * @param {string} js
 * @param {string} cellFile
 */
function namedCellCode(js, cellFile) {
  cellCodeLines.set(cellFile, js.split("\n").length);
  return `${js}\n//# sourceURL=${cellFile}\n`;
}
/** @type {Map<string, number>} A cell's emitted file -> how many lines its code has; tslab's wrapper call comes after them. */
const cellCodeLines = new Map();

/**
 * What a frame's location becomes: a `.ts` position, `<cell>:L:C`, null to drop it, undefined to keep it.
 * @param {string} file
 * @param {number} line
 * @param {number} column
 * @returns {string | null | undefined}
 */
function readableLocation(file, line, column) {
  if (!CELL_FILE.test(file)) return mapPosition(file, line, column);
  // tslab's wrapper, around the cell's code, is not the reader's.
  if (line > (cellCodeLines.get(file) ?? Infinity)) return null;
  const mapped = mapPosition(file, line, column);
  return mapped === undefined ? null : mapped.replace(/^.*:(\d+:\d+)$/, "<cell>:$1");
}

// vm.runInThisContext puts the compiled line that threw above the message (`file:5`, the
// line, a caret); it is compiled code, not the reader's.
const COMPILED_LINE_HEADER = /^(?:[^\n]*__tslab_cell_\d+__\.js|evalmachine\.<anonymous>):\d+\n[^\n]*\n[ \t]*\^+[ \t]*\n\n/;

/**
 * A stack with project and cell frames mapped to their own lines and the kernel's frames dropped.
 * @param {string} stack
 */
function readableStack(stack) {
  const lines = [];
  for (const line of stack.replace(COMPILED_LINE_HEADER, "").split("\n")) {
    if (line.trimStart().startsWith("at ") && KERNEL_FRAMES.some((dir) => line.includes(dir))) continue;
    const match = FRAME_LOCATION.exec(line);
    const location = match === null ? undefined : readableLocation(match[2], Number(match[3]), Number(match[4]));
    if (location === null) continue;
    if (location === undefined || match === null) lines.push(line);
    // A function an earlier cell declared is called on tslab's `exports` proxy.
    else lines.push(line.slice(0, match.index).replace(/^(\s*at )Proxy\./, location.startsWith("<cell>") ? "$1" : "$1Proxy.") + match[1] + location + match[5]);
  }
  return lines.join("\n");
}

// V8 names the callee of a failed call, or the value of a failed access, as the compiled
// code reads it: a name imported in the cell as `(0 , scripted_ts_1.scriptedModels)` (or
// `scripted_ts_1.scriptedModels`), one an earlier cell imported as `(0 , require(...).x)`
// (live-imports.cjs). The message says what the reader wrote, as the cell's frames do.
const COMPILED_CALLEE = /\(0 , (?:[\w$]+_\d+|require\(\.\.\.\))\.([\w$]+)\)/g;
const COMPILED_IMPORT = /\b[A-Za-z_$][\w$]*_\d+\.([A-Za-z_$][\w$]*)/g;

/**
 * `message` with the compiled names of imported bindings put back as the source names them.
 * @param {string} message
 */
function sourceNames(message) {
  return typeof message === "string" ? message.replace(COMPILED_CALLEE, "$1").replace(COMPILED_IMPORT, "$1") : message;
}

/**
 * Rewrites `error.stack` (and its causes') in place, once; returns the error, its message
 * with the source's names.
 * @template T
 * @param {T} error
 * @param {Set<Error>} seen
 * @returns {T}
 */
function withReadableStack(error, seen = new Set()) {
  if (!(error instanceof Error) || seen.has(error)) return error;
  seen.add(error);
  try {
    const message = sourceNames(error.message);
    if (typeof error.stack === "string") {
      const stack = error.stack.replace(error.message, message);
      Object.defineProperty(error, "stack", { value: readableStack(stack), writable: true, configurable: true });
    }
    if (message !== error.message) Object.defineProperty(error, "message", { value: message, writable: true, configurable: true });
  } catch {
    // A frozen error keeps its stack as it was.
  }
  withReadableStack(error.cause, seen);
  return error;
}

module.exports = { toCommonJsKeepingMaps, keptCommonJs, withoutInlineMap, readableStack, withReadableStack, namedCellCode };
