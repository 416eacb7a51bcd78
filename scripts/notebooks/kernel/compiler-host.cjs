"use strict";
// tslab 1.0.22 builds one TypeScript watch program per kernel. This lays the project's
// settings and three fixes over it, without editing tslab.

const path = require("node:path");
const { withShorthandFix } = require("./emit-fixes.cjs");
const { transpileKeepingMaps } = require("./stack-traces.cjs");
const { readableDiagnostics } = require("./diagnostics.cjs");

const PROJECT_ROOT = path.resolve(__dirname, "..", "..", "..");

/**
 * Compiler options laid over tslab's hard-wired ones.
 * - Bundler resolution honours package `exports` (tslab's node10 resolution ignores them,
 *   so subpath imports such as `@earendil-works/pi-ai/models` failed to type-check).
 * - allowImportingTsExtensions accepts `./lookup-evidence.ts`, which is how the project's
 *   own files import each other (tslab rejected it with TS5097). TypeScript reports that
 *   this option wants noEmit; tslab drops option diagnostics that have no file, and emit
 *   is unaffected, so cells still compile.
 * - inlineSourceMap lets the kernel show a throw at its `.ts` file and line.
 * - strict, lib and types match tsconfig.json: a listing that fails `tsc` must fail in
 *   the notebook, and one that passes must pass. `types` also keeps tslab from loading
 *   every @types package in node_modules into every cell's program.
 */
function projectCompilerOptions(ts) {
  return {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    strict: true,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    // Read back by stack-traces.cjs, which maps a throw in a project file to its .ts line.
    inlineSourceMap: true,
  };
}

/**
 * tslab's system keeps one pending timer and throws "Unexpected pending rebuildTimer"
 * when TypeScript asks for a second, which it does when a watched directory changes (a
 * file added under examples/ while the kernel runs); after that every cell failed. This
 * queues all of TypeScript's timers behind tslab's one, and runs them together when
 * tslab fires it (tslab fires it itself, synchronously, before each cell).
 */
function withSharedTimer(system) {
  const tslabSetTimeout = system.setTimeout;
  const tslabClearTimeout = system.clearTimeout;
  const queued = new Set();
  let pending = null;
  let running = false;
  function runQueued() {
    running = true;
    try {
      // A callback may schedule another update; run it in the same pass.
      while (queued.size > 0) {
        const batch = [...queued];
        queued.clear();
        for (const timer of batch) timer.callback(...timer.args);
      }
    } finally {
      running = false;
      pending = null;
    }
  }
  system.setTimeout = (callback, _ms, ...args) => {
    const timer = { callback, args };
    queued.add(timer);
    pending ??= tslabSetTimeout(runQueued);
    return timer;
  };
  system.clearTimeout = (timer) => {
    queued.delete(timer);
    if (queued.size === 0 && pending !== null && !running) {
      tslabClearTimeout(pending);
      pending = null;
    }
  };
  return system;
}

/**
 * tslab checks a cell together with every project file it imports, and does it with the
 * new program of each cell, so a cell importing step.ts re-checked step.ts and everything
 * under it every time: most of a notebook's time (a CPU profile of ch38-typed-step: 40
 * of 61 s of cell work in getPreEmitDiagnosticsOfFiles). An imported file's diagnostics
 * depend only on the files it reaches and the global declarations, so they are kept
 * until one of those changes (a reader editing a file gives it a new SourceFile). The
 * cell itself, always first in `sourceFiles`, is checked every time.
 */
function withCachedDependencyDiagnostics(ts, getPreEmitDiagnosticsOfFiles, currentBuilder) {
  const cache = new Map(); // file name -> { key: SourceFile[], diagnostics }
  function keyOf(builder, program, sourceFile) {
    const files = builder.getAllDependencies(sourceFile).map((name) => program.getSourceFile(name));
    for (const file of program.getSourceFiles()) if (!ts.isExternalModule(file)) files.push(file);
    return files;
  }
  const sameKey = (a, b) => a.length === b.length && a.every((file, i) => file === b[i]);
  return (program, sourceFiles, cancellationToken) => {
    const builder = currentBuilder();
    if (builder === undefined || builder.getProgram() !== program || sourceFiles.length < 2) {
      return readableDiagnostics(ts, getPreEmitDiagnosticsOfFiles(program, sourceFiles, cancellationToken));
    }
    const [cell, ...imported] = sourceFiles;
    const diagnostics = [...getPreEmitDiagnosticsOfFiles(program, [cell], cancellationToken)];
    for (const file of imported) {
      const key = keyOf(builder, program, file);
      let entry = cache.get(file.fileName);
      if (entry === undefined || !sameKey(entry.key, key)) {
        entry = { key, diagnostics: getPreEmitDiagnosticsOfFiles(program, [file], cancellationToken) };
        cache.set(file.fileName, entry);
      }
      diagnostics.push(...entry.diagnostics);
    }
    return readableDiagnostics(ts, ts.sortAndDeduplicateDiagnostics(diagnostics));
  };
}

/**
 * The TypeScript module tslab should use. TypeScript's exports are read-only getters, so
 * this is a proxy, and start-kernel.cjs puts it in the require cache before tslab loads.
 */
function patchedTypeScript(ts) {
  let latestBuilder;
  // tslab's ES module -> CommonJS step (its only transpileModule call, on "custom.js").
  const transpileModule = (input, options) =>
    options?.fileName === "custom.js" ? transpileKeepingMaps(ts, ts.transpileModule, input, options, PROJECT_ROOT) : ts.transpileModule(input, options);
  const getPreEmitDiagnosticsOfFiles = withCachedDependencyDiagnostics(ts, ts.getPreEmitDiagnosticsOfFiles, () => latestBuilder);
  function createWatchCompilerHost(rootFiles, options, system, ...rest) {
    const host = ts.createWatchCompilerHost(
      rootFiles,
      { ...options, ...projectCompilerOptions(ts) },
      withSharedTimer(system),
      ...rest,
    );
    // tslab assigns its own afterProgramCreate to keep each new builder; give it one
    // whose emit carries the shorthand fix.
    let afterProgramCreate = host.afterProgramCreate;
    Object.defineProperty(host, "afterProgramCreate", {
      get: () => afterProgramCreate,
      set: (callback) => {
        afterProgramCreate = (builder) => {
          latestBuilder = builder;
          callback(withShorthandFix(ts, builder));
        };
      },
      configurable: true,
      enumerable: true,
    });
    return host;
  }
  return new Proxy(ts, {
    get: (target, key) => {
      if (key === "createWatchCompilerHost") return createWatchCompilerHost;
      if (key === "getPreEmitDiagnosticsOfFiles") return getPreEmitDiagnosticsOfFiles;
      if (key === "transpileModule") return transpileModule;
      return target[key];
    },
  });
}

module.exports = { patchedTypeScript };
