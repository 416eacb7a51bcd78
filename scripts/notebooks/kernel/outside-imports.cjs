// @ts-check
"use strict";
// A cell that imports a TypeScript file outside the project (`/home/me/pi-book/step.ts`,
// or `../mine/step.ts` from the notebook's folder). The converter type-checks and emits
// only the project's files, so such a file passed the check unread and, at run time,
// Node loaded it as JavaScript: `SyntaxError: Unexpected identifier 'AgentTool'`, under a
// stack of Node internals. Relative paths in a cell start at the project root, not the
// notebook's folder, which made `../mine/step.ts` name a third place. Here the cell is
// refused before it runs, in one line that says how to run a reader's own listing in the
// notebooks (PI_COMPANION_LISTINGS, reader-listings.cjs).
const fs = require("node:fs");
const path = require("node:path");

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

/**
 * The TypeScript file outside `projectRoot` that `specifier` names from the project root
 * or from the notebook's folder (`notebookDir`), if it names one that exists.
 * @param {string} specifier
 * @param {string} projectRoot
 * @param {string} notebookDir
 */
function outsideFile(specifier, projectRoot, notebookDir) {
  if (!specifier.startsWith(".") && !path.isAbsolute(specifier)) return undefined; // a package
  for (const base of new Set([projectRoot, notebookDir])) {
    const named = path.resolve(base, specifier);
    for (const candidate of [named, `${named}.ts`, `${named}.tsx`, path.join(named, "index.ts")]) {
      const inside = !path.relative(projectRoot, candidate).startsWith("..");
      if (!inside && TYPESCRIPT_FILE.test(candidate) && !candidate.endsWith(".d.ts") && fs.existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * Wraps the converter so that a cell importing a TypeScript file outside the project
 * fails as a type error with one diagnostic saying why and what to do.
 * @param {typeof import("typescript")} ts
 * @param {import("tslab/dist/converter").Converter} converter
 * @param {string} projectRoot
 * @param {string} notebookDir the kernel's working directory when it started (the notebook's folder)
 * @returns {import("tslab/dist/converter").Converter}
 */
function withOutsideImportsRefused(ts, converter, projectRoot, notebookDir) {
  return {
    ...converter,
    convert(prevDecl, src) {
      for (const imported of ts.preProcessFile(src, true, true).importedFiles) {
        const file = outsideFile(imported.fileName, projectRoot, notebookDir);
        if (file === undefined) continue;
        const at = ts.getLineAndCharacterOfPosition(ts.createSourceFile("cell.ts", src, ts.ScriptTarget.Latest), imported.pos);
        const position = { offset: imported.pos, line: at.line, character: at.character };
        const messageText = `cannot import ${file}: the kernel type-checks and runs only this project's files; to run your own research-agent.ts or step.ts in the notebooks, put it in a folder and start Jupyter with PI_COMPANION_LISTINGS=that folder`;
        return { diagnostics: [{ start: position, end: position, messageText, category: ts.DiagnosticCategory.Error, code: 0 }] };
      }
      return converter.convert(prevDecl, src);
    },
  };
}

module.exports = { withOutsideImportsRefused, outsideFile };
