// @ts-check
"use strict";
// Names an earlier cell imported from a project file, read live. tslab stores what a
// cell imports in its `exports` once, when the importing cell runs, and a later cell
// reads it there: after a reader edited the file, a later cell that used the name (and
// did not import it again) still ran the old code, with no note. Here a later cell reads
// such a name from the module itself, `require("./examples/…").name`, so it gets the
// module the kernel holds now: the reloaded one after an edit (emit-fixes.cjs reloads
// it and the modules importing it, and the cell's output says so). Names from packages
// (Pi) cannot change while the kernel runs and are still read from `exports`.

const path = require("node:path");

/**
 * The import an alias `symbol` stands for, when it is declared by an import in a cell
 * other than `cell`: the declaring cell's file, the module specifier as written, and the
 * member read (`undefined` for a namespace import).
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").Symbol | undefined} symbol
 * @param {import("typescript").SourceFile} cell
 * @param {(file: import("typescript").SourceFile) => boolean} isCell
 * @returns {{ file: import("typescript").SourceFile, specifier: string, member: string | undefined } | undefined}
 */
function cellImportOf(ts, symbol, cell, isCell) {
  const declaration = symbol?.declarations?.[0];
  if (declaration === undefined) return undefined;
  const file = declaration.getSourceFile();
  if (file === cell || !isCell(file)) return undefined;
  /** @type {import("typescript").Node} */
  let importDeclaration;
  /** @type {string | undefined} */
  let member;
  if (ts.isImportSpecifier(declaration)) {
    importDeclaration = declaration.parent.parent.parent;
    member = (declaration.propertyName ?? declaration.name).text;
  } else if (ts.isImportClause(declaration)) {
    importDeclaration = declaration.parent;
    member = "default";
  } else if (ts.isNamespaceImport(declaration)) {
    importDeclaration = declaration.parent.parent;
  } else {
    return undefined;
  }
  if (!ts.isImportDeclaration(importDeclaration) || !ts.isStringLiteral(importDeclaration.moduleSpecifier)) return undefined;
  return { file, specifier: importDeclaration.moduleSpecifier.text, member };
}

/**
 * The specifier the executor's require() finds an emitted project file by: root-relative,
 * ending in the emitted `.js` (tslab adds `.js` only to a name path.extname() finds no
 * extension in, and a claim id's dots are one: `ch37.tool.iserror-channel`).
 * @param {string} projectRoot
 * @param {string} resolvedFileName
 */
function executorSpecifier(projectRoot, resolvedFileName) {
  const relative = path.relative(projectRoot, resolvedFileName).replace(/\.[cm]?tsx?$/, ".js");
  return `./${relative.split(path.sep).join("/")}`;
}

/**
 * `(0, require("./examples/…").member)` (or the module itself), as the cell's code reads
 * the name. The comma, as TypeScript's own CommonJS emit writes an imported call: the
 * member is called without the module as `this`, and V8 names it `(0 , require(...).member)`
 * in a message, which stack-traces.cjs reads back as `member`; as `require(…).member(…)`
 * a failed call was named `require`.
 * @param {import("typescript").NodeFactory} factory
 * @param {string} specifier
 * @param {string | undefined} member
 * @returns {import("typescript").Expression}
 */
function liveImportExpression(factory, specifier, member) {
  const module = factory.createCallExpression(factory.createIdentifier("require"), undefined, [factory.createStringLiteral(specifier)]);
  if (member === undefined) return module;
  return factory.createParenthesizedExpression(
    factory.createCommaListExpression([factory.createNumericLiteral(0), factory.createPropertyAccessExpression(module, member)]),
  );
}

/**
 * Every identifier in `cell` (a bound source file) with the symbol the checker gives it;
 * `visit(identifier, symbol)` is called for each, in source order.
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").TypeChecker} checker
 * @param {import("typescript").SourceFile} cell
 * @param {(identifier: import("typescript").Identifier, symbol: import("typescript").Symbol | undefined) => void} visit
 */
function forEachIdentifier(ts, checker, cell, visit) {
  /** @param {import("typescript").Node} node */
  function walk(node) {
    if (ts.isIdentifier(node)) visit(node, checker.getSymbolAtLocation(node));
    else if (ts.isShorthandPropertyAssignment(node)) visit(node.name, checker.getShorthandAssignmentValueSymbol(node));
    ts.forEachChild(node, walk);
  }
  walk(cell);
}

module.exports = { cellImportOf, executorSpecifier, liveImportExpression, forEachIdentifier };
