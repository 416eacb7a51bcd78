// @ts-check
"use strict";
// A cell that imports nothing is checked against the lib and @types/node alone, not the
// whole program over examples/ and Pi's declarations: building the whole one costs a plain
// kernel 2 to 4 s, and test notebooks of one `throw` or one type error paid it in every
// kernel. An import-free cell sees nothing of the whole program but its globals (a script's
// top-level names, `declare global`, `export as namespace`: @types/geojson's `GeoJSON`,
// which vega's types bring), so the lib-only program holds the files that declare them too.
// Which files those are is measured, not assumed: the kernel that first builds the whole
// program for a set of inputs records them (the cells' cache keeps the record under the
// same fingerprint), and a later kernel takes the lib-only program only with that record.

const path = require("node:path");

/** The one root of the lib-only program: TypeScript loads the lib and the `types` only for a program with a root. */
const LIB_ONLY_ROOT = "__kernel_lib_only__.ts";

/**
 * The lib-only program's root file, `export {};`, under `projectRoot`.
 * @param {typeof import("typescript")} ts
 * @param {string} projectRoot
 */
function libOnlyRoot(ts, projectRoot) {
  const fileName = path.join(projectRoot, LIB_ONLY_ROOT);
  return { fileName, sourceFile: ts.createSourceFile(fileName, "export {};\n", ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS) };
}

/**
 * Whether a cell's text reaches any file: an import, export from, import(), import type,
 * or a triple-slash reference.
 * @param {typeof import("typescript")} ts
 * @param {string} src
 * @param {(file: import("typescript").SourceFile) => unknown[]} specifiersOf
 */
function reachesFiles(ts, src, specifiersOf) {
  const file = ts.createSourceFile("cell.ts", src, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return specifiersOf(file).length > 0 || file.referencedFiles.length > 0 || file.typeReferenceDirectives.length > 0 || file.libReferenceDirectives.length > 0;
}

/**
 * Whether `file` declares a name an import-free cell could see: a script's top-level
 * declarations (other than `declare module "name"`), `declare global` (also inside such a
 * module), or a UMD global (`export as namespace`).
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").SourceFile} file
 */
function addsGlobals(ts, file) {
  /** @param {import("typescript").Statement} statement */
  const isAmbientModule = (statement) => ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name);
  /** @param {import("typescript").Statement} statement */
  const isGlobalBlock = (statement) => ts.isModuleDeclaration(statement) && (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0;
  /** @param {import("typescript").Statement} statement */
  const holdsGlobalBlock = (statement) =>
    ts.isModuleDeclaration(statement) && statement.body !== undefined && ts.isModuleBlock(statement.body) && statement.body.statements.some(isGlobalBlock);
  if (!ts.isExternalModule(file)) return file.statements.some((statement) => !isAmbientModule(statement) || holdsGlobalBlock(statement));
  return file.statements.some((statement) => isGlobalBlock(statement) || holdsGlobalBlock(statement) || ts.isNamespaceExportDeclaration(statement));
}

/**
 * The files of `whole` that are not in `libOnly` and add globals, relative to `projectRoot`.
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").Program} whole
 * @param {import("typescript").Program} libOnly
 * @param {string} projectRoot
 */
function globalsBeyondLib(ts, whole, libOnly, projectRoot) {
  const inLibOnly = new Set(libOnly.getSourceFiles().map((file) => file.fileName));
  return whole
    .getSourceFiles()
    .filter((file) => !inLibOnly.has(file.fileName) && addsGlobals(ts, file))
    .map((file) => path.relative(projectRoot, file.fileName));
}

module.exports = { addsGlobals, globalsBeyondLib, libOnlyRoot, reachesFiles };
