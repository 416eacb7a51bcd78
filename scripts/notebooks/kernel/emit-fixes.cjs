// @ts-check
"use strict";
// Fixes to the JavaScript tslab 1.0.22 emits for a cell and the files it imports.

const path = require("node:path");

/**
 * The expression that reads a name an earlier cell declared, or undefined for any other name.
 * @typedef {(symbol: import("typescript").Symbol | undefined, name: string, factory: import("typescript").NodeFactory) => import("typescript").Expression | undefined} EarlierCellValue
 */
/** @typedef {import("tslab/dist/converter").SideOutput} SideOutput */

/**
 * tslab rewrites a name declared by an earlier cell to `exports.name`, but it missed the
 * name in a shorthand property: `{ model }` ran as a bare `model` and threw
 * ReferenceError. This transformer runs before that rewrite and writes such a property
 * out in full, `{ model: exports.model }`. `earlierCellValue(symbol, name, factory)` is
 * the expression that reads a name an earlier cell declared, or undefined for any other.
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").TypeChecker} checker
 * @param {EarlierCellValue} earlierCellValue
 * @returns {import("typescript").TransformerFactory<import("typescript").SourceFile>}
 */
function expandEarlierCellShorthands(ts, checker, earlierCellValue) {
  return (context) => (sourceFile) => {
    const factory = context.factory;
    /**
     * @param {import("typescript").Node} node
     * @returns {import("typescript").Node}
     */
    function visit(node) {
      if (ts.isShorthandPropertyAssignment(node) && node.objectAssignmentInitializer === undefined) {
        const original = ts.getOriginalNode(node);
        if (ts.isShorthandPropertyAssignment(original)) {
          const value = earlierCellValue(checker.getShorthandAssignmentValueSymbol(original), original.name.text, factory);
          if (value !== undefined) return factory.createPropertyAssignment(original.name.text, value);
        }
      }
      return ts.visitEachChild(node, visit, context);
    }
    // visit() returns a source file for a source file (visitEachChild keeps the node's kind).
    return /** @type {import("typescript").SourceFile} */ (ts.visitNode(sourceFile, visit));
  };
}

// TypeScript keeps `.ts` in emitted specifiers. The module tslab loads is the
// emitted `.js` beside the source, which it looks up by exactly the specifier's path,
// adding `.js` only when path.extname() finds no extension. A file named after a claim
// id (`ch37.tool.iserror-channel.ts`) has one, `.iserror-channel`, so `./x` was never
// found there: the specifier names the emitted `.js` itself, as TypeScript 5.7's
// rewriteRelativeImportExtensions writes it.
const RELATIVE_TS_REQUIRE = /require\((["'])(\.{1,2}\/[^"']*?)\.ts\1\)/g;

/**
 * Rewrites `require("./x.ts")` in emitted CommonJS to `require("./x.js")`.
 * @template {string | undefined} J
 * @param {J} js
 * @returns {J}
 */
function rewriteRelativeTsRequires(js) {
  return /** @type {J} */ (js === undefined ? js : js.replace(RELATIVE_TS_REQUIRE, "require($1$2.js$1)"));
}

// tslab runs the files a cell imports as CommonJS, where `import.meta` is a syntax
// error; Node then retries the file as an ES module, and it fails on `exports`. The
// project's modules use import.meta to find files (pin.ts resolves Pi's packages), so the
// CommonJS equivalents stand in. `resolve` goes through require.resolve, which the
// kernel's `--conditions=import` points at the same files for ESM-only packages.
/** @type {[RegExp, string][]} */
const IMPORT_META = [
  [/\bimport\.meta\.url\b/g, 'require("node:url").pathToFileURL(__filename).href'],
  [/\bimport\.meta\.filename\b/g, "__filename"],
  [/\bimport\.meta\.dirname\b/g, "__dirname"],
  [/\bimport\.meta\.resolve\b/g, '((specifier) => require("node:url").pathToFileURL(require.resolve(specifier)).href)'],
];

/**
 * Rewrites the uses of `import.meta` a CommonJS module can express.
 * @param {string} js
 */
function rewriteImportMeta(js) {
  let result = js;
  for (const [pattern, replacement] of IMPORT_META) result = result.replace(pattern, replacement);
  return result;
}

const RELATIVE_REQUIRE = /require\((["'])(\.{1,2}\/[^"']*?)\1\)/g;

/**
 * The emitted files `js` (the module at `file`) requires relatively, as tslab names them.
 * @param {string} file
 * @param {string} js
 */
function relativeRequires(file, js) {
  return [...js.matchAll(RELATIVE_REQUIRE)].map(([, , specifier]) => {
    // As tslab's require finds them: the specifier's path, with `.js` added only when it has no extension.
    const resolved = path.resolve(path.dirname(file), specifier);
    return path.extname(resolved) === "" ? `${resolved}.js` : resolved;
  });
}

/**
 * tslab re-emits a project file that changed on disk, and its executor then reloads that
 * one module; but the modules importing it stay loaded with the old one, so a cell that
 * reached it through another module kept the old value (a reader changed step.ts and
 * step() still used the old default). Every module that imports a changed one, directly
 * or not, is handed back to the executor too, which reloads it; and the cell says so.
 */
function createReloads() {
  /** @type {Map<string, string>} emitted path -> its code */
  const loaded = new Map();

  /** @param {Set<string>} changed */
  function importersOf(changed) {
    /** @type {Set<string>} */
    const importers = new Set();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [file, js] of loaded) {
        if (importers.has(file) || changed.has(file)) continue;
        if (relativeRequires(file, js).some((dep) => changed.has(dep) || importers.has(dep))) {
          importers.add(file);
          grew = true;
        }
      }
    }
    return importers;
  }

  /**
   * The side outputs to hand to the executor, and which files changed on disk.
   * @param {SideOutput[] | undefined} sideOutputs
   * @returns {{ sideOutputs: SideOutput[] | undefined, changed: string[] }}
   */
  return function withImporters(sideOutputs) {
    if (sideOutputs === undefined) return { sideOutputs, changed: [] };
    const changed = new Set(sideOutputs.filter((side) => loaded.has(side.path) && loaded.get(side.path) !== side.data).map((side) => side.path));
    for (const side of sideOutputs) loaded.set(side.path, side.data);
    if (changed.size === 0) return { sideOutputs, changed: [] };
    const given = new Set(sideOutputs.map((side) => side.path));
    // An importer is one of the loaded files, so its code is there.
    const reloaded = [...importersOf(changed)].filter((file) => !given.has(file)).map((file) => ({ path: file, data: /** @type {string} */ (loaded.get(file)) }));
    return { sideOutputs: [...sideOutputs, ...reloaded], changed: [...changed] };
  };
}

/**
 * What the cell prints when project files changed since they were loaded.
 * @param {string[]} changed
 * @param {string} projectRoot
 */
function reloadNote(changed, projectRoot) {
  const names = changed.map((file) => path.relative(projectRoot, file).replace(/\.js$/, ".ts")).join(", ");
  return `note: ${names} changed since it was loaded; this cell uses the new version (reloaded with the modules that import it). Values made by earlier cells keep the old code: run those cells again, or restart the kernel.`;
}

/**
 * Wraps a tslab converter so a cell and every file it imports load their `.ts` imports,
 * the imported files may use import.meta (a cell has no file name, so not the cell), and
 * a project file edited on disk reaches the cell through every module that imports it.
 * @param {import("tslab/dist/converter").Converter} converter
 * @param {string} projectRoot
 * @returns {import("tslab/dist/converter").Converter}
 */
function withRewrittenModules(converter, projectRoot) {
  const withImporters = createReloads();
  return {
    ...converter,
    /**
     * @param {string} prevDecl
     * @param {string} src
     */
    convert(prevDecl, src) {
      const converted = converter.convert(prevDecl, src);
      const rewritten = converted.sideOutputs?.map((side) => ({ ...side, data: rewriteImportMeta(rewriteRelativeTsRequires(side.data)) }));
      const { sideOutputs, changed } = withImporters(rewritten);
      if (changed.length > 0 && converted.diagnostics.length === 0) console.log(reloadNote(changed, projectRoot));
      return { ...converted, output: rewriteRelativeTsRequires(converted.output), sideOutputs };
    },
  };
}

module.exports = { expandEarlierCellShorthands, withRewrittenModules, rewriteRelativeTsRequires, rewriteImportMeta, createReloads };
