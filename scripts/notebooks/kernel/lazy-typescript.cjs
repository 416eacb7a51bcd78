// @ts-check
"use strict";
// tslab's own TypeScript (5.0.4) is needed only for `%module` and browser cells; cells
// are checked and compiled, and completion and inspection answered, with the project's
// TypeScript (converter.cjs). Loading it still cost every kernel start about
// 0.5 s of compiling its 9 MB of JavaScript, and its memory, because tslab's modules
// require it at load. The kernel gives them this module object instead, which loads it
// on first use.

/**
 * A stand-in for tslab's TypeScript module that calls `load()` (which returns the module)
 * the first time a client needs it. What tslab's modules do with it while they load is
 * answered without loading: `__esModule` (so tslab's `__importStar` keeps this object),
 * `version` (tslab's public `versions`, from `version`), and converter.js's
 * `ts.sys.useCaseSensitiveFileNames = true`, which is kept and applied on load.
 * @param {() => any} load tslab's TypeScript, patched (typed loosely: it is TypeScript 5.0's module, not the project's)
 * @param {string} version
 * @returns {Record<string, any>} the stand-in for tslab's `typescript` module
 */
function lazyTypeScript(load, version) {
  /** @type {any} */
  let loaded;
  /** @type {Record<string | symbol, unknown>} */
  const sysSettings = {};
  const real = () => {
    if (loaded === undefined) {
      loaded = load();
      Object.assign(loaded.sys, sysSettings);
    }
    return loaded;
  };
  // Before the load, `ts.sys` takes settings only; reading one loads TypeScript.
  const sysBeforeLoad = new Proxy(sysSettings, {
    get: (_settings, key) => real().sys[key],
    set: (settings, key, value) => {
      if (loaded !== undefined) loaded.sys[key] = value;
      else settings[key] = value;
      return true;
    },
  });
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === "__esModule") return true;
        if (key === "version") return loaded?.version ?? version;
        if (key === "sys" && loaded === undefined) return sysBeforeLoad;
        return real()[key];
      },
      has: (_target, key) => key in real(),
    },
  );
}

module.exports = { lazyTypeScript };
