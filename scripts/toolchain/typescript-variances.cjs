// @ts-check
"use strict";
// A store of the variances TypeScript 5.9 measures, kept between processes.
//
// Relating AgentTool<A> to AgentTool<B> (a typed tool in `tools: AgentTool<any>[]`, as in the
// book's research agent) needs the variance of AgentTool's type parameter. The checker measures
// it by relating AgentTool<Sub> to AgentTool<Super>, which works through TypeBox's Static<T>:
// 6.5 s of a 13 s check of the project (--generateTrace, 2 × AMD EPYC). Each new checker, that
// is every kernel, ledger run and compile, measures it again. A variance is a pure function of
// the declarations and the compiler options, so it is kept here for the symbols declared
// outside the project (the lib, node_modules) and read back by later checkers of the same
// declarations, options and TypeScript.
//
// What keeps a kept variance right:
// - the key of a store file is TypeScript's version, the options that are not paths, and every
//   outside file's name and text: an upgraded package, or another option, is another file;
// - only symbols whose every declaration is outside the project are kept, and only measured at
//   the top (a variance measured inside another one may see a half-measured symbol);
// - a program with a project file that could change an outside symbol (a module augmentation,
//   `declare global`, or a global script that merges into lib interfaces) keeps and reads
//   nothing.
// PI_COMPANION_TYPESCRIPT_VARIANCES=off turns it off; =verify measures every variance and
// throws when the store says otherwise.

const crypto = require("node:crypto");
const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");
const { writeFileAtomically } = require("../lib/write-file-atomically.cjs");

const HOOK = Symbol.for("pi-companion.typescript-variances");

// The start and the end of getVariancesWorker in typescript.js 5.9, as it is shipped.
const HEAD = `  function getVariancesWorker(symbol, typeParameters = emptyArray) {
    var _a, _b;
    const links = getSymbolLinks(symbol);
    if (!links.variances) {`;
const TAIL = `      links.variances = variances;
      (_b = tracing) == null ? void 0 : _b.pop({ variances: variances.map(Debug.formatVariance) });
    }
    return links.variances;
  }`;

/**
 * typescript.js's text with the store asked before a variance is measured and told after,
 * or undefined when the text does not have getVariancesWorker as 5.9 ships it (exactly once).
 * @param {string} text
 * @returns {string | undefined}
 */
function hookedTypeScriptSource(text) {
  if (text.split(HEAD).length !== 2 || text.split(TAIL).length !== 2) return undefined;
  const hook = `globalThis[Symbol.for("pi-companion.typescript-variances")]`;
  return text
    .replace(
      HEAD,
      `${HEAD.slice(0, HEAD.lastIndexOf("\n"))}
    const keptKey = !links.variances && !inVarianceComputation && ${hook} ? ${hook}.keyOf(host, symbol) : undefined;
    const kept = keptKey === undefined ? undefined : ${hook}.lookup(host, keptKey);
    if (kept !== undefined) links.variances = kept;
    if (!links.variances) {`,
    )
    .replace(
      TAIL,
      `      links.variances = variances;
      if (keptKey !== undefined) ${hook}.keep(host, keptKey, variances);
${TAIL.slice(TAIL.indexOf("\n") + 1)}`,
    );
}

/**
 * @typedef {{ usable: boolean, outside: Set<string>, file: string, entries: Record<string, number[]> }} ProgramStore
 * @typedef {{ hits: number, kept: number, verified: number }} StoreCounts
 */

/**
 * Installs the store that hooked TypeScript asks (one per process; the first install wins).
 * `dir` is where its files go; `mode` is "on" or "verify".
 * @param {typeof import("typescript")} ts
 * @param {string} dir
 * @param {"on" | "verify"} mode
 * @returns {StoreCounts}
 */
function installVarianceStore(ts, dir, mode) {
  const installed = /** @type {any} */ (globalThis)[HOOK];
  if (installed !== undefined) return installed.counts;
  /** @type {StoreCounts} */
  const counts = { hits: 0, kept: 0, verified: 0 };
  /** @type {WeakMap<object, ProgramStore>} */
  const stores = new WeakMap();

  /** @param {import("typescript").Program} program */
  function storeOf(program) {
    let store = stores.get(program);
    if (store !== undefined) return store;
    const hash = crypto.createHash("sha256").update(`${ts.version}\n`);
    const options = program.getCompilerOptions();
    const settings = Object.keys(options)
      .sort()
      .filter((key) => typeof options[key] !== "string" && !Array.isArray(options[key]))
      .map((key) => [key, options[key]]);
    hash.update(`${JSON.stringify(settings)}\n`);
    let usable = true;
    /** @type {Set<string>} */
    const outside = new Set();
    for (const file of program.getSourceFiles()) {
      if (isOutside(program, file)) {
        outside.add(file.fileName);
        hash.update(`${file.fileName}\n${file.text}\n`);
      } else if (mayChangeOutside(ts, file)) usable = false;
    }
    const key = hash.digest("hex").slice(0, 32);
    const file = path.join(dir, `${key}.json`);
    store = { usable, outside, file, entries: usable ? readEntries(file) : {} };
    stores.set(program, store);
    return store;
  }

  const hook = {
    counts,
    /**
     * @param {import("typescript").Program} program
     * @param {import("typescript").Symbol} symbol
     */
    keyOf(program, symbol) {
      const store = storeOf(program);
      const declarations = symbol.declarations ?? [];
      if (!store.usable || declarations.length === 0) return undefined;
      const at = [];
      for (const declaration of declarations) {
        const fileName = fileNameOf(declaration);
        if (!store.outside.has(fileName)) return undefined;
        at.push(`${fileName}:${declaration.pos}`);
      }
      return `${String(symbol.escapedName)} ${at.join(" ")}`;
    },
    /**
     * @param {import("typescript").Program} program
     * @param {string} key
     */
    lookup(program, key) {
      const kept = storeOf(program).entries[key];
      if (kept === undefined || mode === "verify") return undefined;
      counts.hits++;
      return kept;
    },
    /**
     * @param {import("typescript").Program} program
     * @param {string} key
     * @param {number[]} variances
     */
    keep(program, key, variances) {
      const store = storeOf(program);
      const kept = store.entries[key];
      if (kept !== undefined) {
        if (kept.join() !== variances.join())
          throw new Error(
            `the variance store says ${key} has variances [${kept}], and TypeScript measured [${variances}]`,
          );
        counts.verified++;
        return;
      }
      store.entries[key] = [...variances];
      counts.kept++;
      try {
        // Another process may have kept others since this one read the file.
        const merged = { ...readEntries(store.file), ...store.entries };
        store.entries = merged;
        if (!fs.existsSync(store.file)) pruneToNewest(dir, KEPT_PROGRAMS - 1);
        fs.mkdirSync(dir, { recursive: true });
        writeFileAtomically(store.file, JSON.stringify(merged));
      } catch {
        // A store that cannot be written costs the next checker its measurement, never an answer.
      }
    },
  };
  /** @type {any} */ (globalThis)[HOOK] = hook;
  return counts;
}

/**
 * @param {import("typescript").Program} program
 * @param {import("typescript").SourceFile} file
 */
function isOutside(program, file) {
  return (
    program.isSourceFileDefaultLibrary(file) ||
    program.isSourceFileFromExternalLibrary(file) ||
    file.fileName.includes("/node_modules/")
  );
}

/**
 * Whether a project file could add to a symbol declared outside: an augmentation, or a script
 * (no import or export), whose declarations merge into the globals.
 * @param {typeof import("typescript")} ts
 * @param {import("typescript").SourceFile} file
 */
function mayChangeOutside(ts, file) {
  if (!ts.isExternalModule(file)) return file.statements.length > 0;
  return file.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      (ts.isStringLiteral(statement.name) || (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
  );
}

/** The most store files kept: each set of outside files (an install, a release the matrix checks) adds one of a few kB. */
const KEPT_PROGRAMS = 64;

/**
 * Removes all but the `count` newest store files in `dir`.
 * @param {string} dir
 * @param {number} count
 */
function pruneToNewest(dir, count) {
  if (!fs.existsSync(dir)) return;
  fs.readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, at: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .slice(count)
    .forEach(({ name }) => fs.rmSync(path.join(dir, name), { force: true }));
}

/**
 * The file a declaration is in, by its parents: tsc's nodes have no getSourceFile().
 * @param {import("typescript").Node} node
 */
function fileNameOf(node) {
  while (node.parent !== undefined) node = node.parent;
  return /** @type {import("typescript").SourceFile} */ (node).fileName;
}

/** @param {string} file */
function readEntries(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

/**
 * Where the store is for `projectRoot`, and how it runs, from PI_COMPANION_TYPESCRIPT_VARIANCES
 * (off, verify; anything else is on).
 * @param {string} projectRoot
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ dir: string, mode: "on" | "verify" } | undefined}
 */
function varianceStoreSettings(projectRoot, env = process.env) {
  const chosen = env.PI_COMPANION_TYPESCRIPT_VARIANCES;
  if (chosen === "off") return undefined;
  return { dir: path.join(projectRoot, ".cache", "typescript-variances"), mode: chosen === "verify" ? "verify" : "on" };
}

/** The text Node's require() would compile for a CommonJS module of `source`. */
const moduleWrapper = (/** @type {string} */ source) =>
  `(function (exports, require, module, __filename, __dirname) { ${source}\n})`;

/**
 * Runs `script` (compiled from {@link moduleWrapper}) as the CommonJS module `file`, as
 * require() would, and puts it in require's cache so every require() of it gets this one.
 * @param {string} file
 * @param {vm.Script} script
 * @returns {any} the module's exports
 */
function runAsModule(file, script) {
  const module = new Module(file);
  module.filename = file;
  module.paths = /** @type {any} */ (Module)._nodeModulePaths(path.dirname(file));
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, path.dirname(file));
  module.loaded = true;
  require.cache[file] = module;
  return module.exports;
}

/**
 * Loads typescript.js at `file` from `source` (its text, or the hooked text), as require() would.
 * @param {string} file
 * @param {string} source
 * @returns {typeof import("typescript")}
 */
function loadTypeScriptFrom(file, source) {
  return runAsModule(file, new vm.Script(moduleWrapper(source), { filename: file }));
}

/**
 * The hooked text of typescript.js at `file`, and how to install the store of `projectRoot`
 * once it is loaded; undefined when the store is off or the text is not 5.9's.
 * @param {string} file
 * @param {string} projectRoot
 * @returns {{ source: string, install(ts: typeof import("typescript")): StoreCounts } | undefined}
 */
function varianceStoreFor(file, projectRoot) {
  const settings = varianceStoreSettings(projectRoot);
  const source = settings === undefined ? undefined : hookedTypeScriptSource(fs.readFileSync(file, "utf8"));
  if (settings === undefined || source === undefined) return undefined;
  return { source, install: (ts) => installVarianceStore(ts, settings.dir, settings.mode) };
}

/**
 * The project's TypeScript (typescript.js at `file`) with the store of `projectRoot` hooked in;
 * plain require() when the store is off or the text is not 5.9's.
 * @param {string} file
 * @param {string} projectRoot
 * @returns {{ ts: typeof import("typescript"), counts: StoreCounts | undefined }}
 */
function loadTypeScriptWithVarianceStore(file, projectRoot) {
  const hooked = varianceStoreFor(file, projectRoot);
  if (hooked === undefined) return { ts: require(file), counts: undefined };
  const ts = loadTypeScriptFrom(file, hooked.source);
  return { ts, counts: hooked.install(ts) };
}

module.exports = {
  KEPT_PROGRAMS,
  hookedTypeScriptSource,
  installVarianceStore,
  loadTypeScriptFrom,
  loadTypeScriptWithVarianceStore,
  moduleWrapper,
  runAsModule,
  varianceStoreFor,
  varianceStoreSettings,
};
