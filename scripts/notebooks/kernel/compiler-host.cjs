// @ts-check
"use strict";
// The project's compiler settings, and tslab 1.0.22's own TypeScript (5.0.4) patched for
// the one thing the kernel still uses it for: the watch program tslab builds for a
// `%module` cell. Cells are checked and compiled, and completion and inspection answered,
// by converter.cjs with the project's TypeScript.

/**
 * tslab's system, whose setTimeout takes no delay (it keeps one timer and fires it
 * before each cell).
 * @typedef {Omit<import("typescript").System, "setTimeout" | "clearTimeout"> & {
 *   setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): any,
 *   clearTimeout(timeoutId: any): void,
 * }} System
 */

/**
 * The project's settings, laid over tslab's hard-wired compiler options (and used by
 * converter.cjs).
 * - Bundler resolution honours package `exports` (tslab's node10 resolution ignores them,
 *   so subpath imports such as `@earendil-works/pi-ai/models` failed to type-check).
 * - allowImportingTsExtensions accepts `./research-agent.ts`, which is how the project's
 *   own files import each other (tslab rejected it with TS5097). TypeScript reports that
 *   this option wants noEmit; tslab drops option diagnostics that have no file, and emit
 *   is unaffected, so cells still compile (tsc's tsconfig.json has noEmit).
 * - inlineSourceMap lets the kernel show a throw at its `.ts` file and line.
 * - strict, lib and types match tsconfig.json: a listing that fails `tsc` must fail in
 *   the notebook, and one that passes must pass. `types` also keeps tslab from loading
 *   every @types package in node_modules into every cell's program.
 * @param {typeof import("typescript")} ts
 * @returns {import("typescript").CompilerOptions}
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
 * @param {System} system
 */
function withSharedTimer(system) {
  const tslabSetTimeout = system.setTimeout;
  const tslabClearTimeout = system.clearTimeout;
  /** @type {Set<{ callback: (...args: any[]) => void, args: any[] }>} */
  const queued = new Set();
  /** @type {unknown} */
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
  /** @type {System["setTimeout"]} */
  system.setTimeout = (callback, _ms, ...args) => {
    const timer = { callback, args };
    queued.add(timer);
    pending ??= tslabSetTimeout(runQueued);
    return timer;
  };
  /** @type {System["clearTimeout"]} */
  system.clearTimeout = (timer) => {
    queued.delete(/** @type {{ callback: (...args: any[]) => void, args: any[] }} */ (timer));
    if (queued.size === 0 && pending !== null && !running) {
      tslabClearTimeout(pending);
      pending = null;
    }
  };
  return system;
}

/**
 * The TypeScript module tslab should use. TypeScript's exports are read-only getters, so
 * this is a proxy, and start-kernel.cjs puts it in the require cache before tslab loads.
 * It is tslab's TypeScript (5.0), typed here as the project's: the kernel calls only
 * createWatchCompilerHost and its options, which the two versions share.
 * @param {typeof import("typescript")} ts
 */
function patchedTypeScript(ts) {
  /**
   * @param {string[]} rootFiles
   * @param {import("typescript").CompilerOptions} options
   * @param {System} system
   * @param {any[]} rest
   */
  const createWatchCompilerHost = (rootFiles, options, system, ...rest) =>
    ts.createWatchCompilerHost(rootFiles, { ...options, ...projectCompilerOptions(ts) }, withSharedTimer(system), ...rest);
  return new Proxy(ts, {
    get: (target, key) => {
      if (key === "createWatchCompilerHost") return createWatchCompilerHost;
      return /** @type {Record<string | symbol, unknown>} */ (/** @type {unknown} */ (target))[key];
    },
  });
}

module.exports = { patchedTypeScript, projectCompilerOptions };
