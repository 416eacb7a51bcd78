// @ts-check
"use strict";
// The kernel's check that the installed Pi is the one the companion measures: the
// project's own scripts/toolchain/pin.ts, the one source of the pinned versions and of the
// line every entry point prints, run without tsx. The kernel loads no tsx (start-kernel.cjs
// says why), so pin.ts is transpiled here with the TypeScript the kernel loads anyway and
// evaluated as a CommonJS module: 90 to 170 ms of CPU at start, about 60 ms of it warming
// the transpiler that the first cell's conversion uses anyway. Its `import.meta` takes the
// CommonJS stand-ins the kernel gives the project files cells import (emit-fixes.cjs):
// `resolve` goes through require.resolve, as the cells' own imports of Pi do.

const fs = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");
const vm = require("node:vm");
const { rewriteImportMeta } = require("./emit-fixes.cjs");

/**
 * pin.ts, compiled to CommonJS and evaluated: its exports.
 * @param {typeof import("typescript")} ts
 * @param {string} projectRoot
 * @returns {{ requirePinnedPi(): unknown }}
 */
function loadPin(ts, projectRoot) {
  const file = path.join(projectRoot, "scripts", "toolchain", "pin.ts");
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const module = { exports: {} };
  const wrapper = vm.compileFunction(rewriteImportMeta(outputText), ["exports", "require", "module", "__filename", "__dirname"], { filename: file });
  wrapper(module.exports, createRequire(file), module, file, path.dirname(file));
  return /** @type {{ requirePinnedPi(): unknown }} */ (module.exports);
}

/**
 * A kernel registered before another Pi was installed failed in cells, far from the cause
 * ("has no exported member 'Static'"). It refuses to start instead: pin.ts's
 * requirePinnedPi prints its one line and exits with status 2.
 * @param {typeof import("typescript")} ts
 * @param {string} projectRoot
 */
function requirePinnedPi(ts, projectRoot) {
  loadPin(ts, projectRoot).requirePinnedPi();
}

module.exports = { requirePinnedPi };
