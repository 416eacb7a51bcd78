// @ts-check
"use strict";
// The model providers' SDKs that pi-ai depends on (openai, @anthropic-ai/sdk, @google/genai
// and what they bring) are two thirds of the whole program's declarations: 8 of its 12.2 MB,
// 575 of its 1,276 files, 1.2 s of the 2.7 s a plain kernel spent building it. pi-ai's own
// declarations import them only for provider options (OpenAIResponsesOptions's serviceTier is
// openai's type), which no shipped notebook's cell reaches. So the program is built with each
// SDK file that Pi's declarations import replaced by a stub, `export {};`, and the SDK's own
// files are never read. The checker learns what a module holds only through its symbol's
// exports, so each stub's exports record being read; a check that read one is done again in a
// program with the real declarations (converter.cjs), and the check is tsc's either way.
// A stub would also hide what an SDK's files declare for every file (`declare global`,
// `declare module "name"`, `export as namespace`, a lib or types reference, a script's
// names): the files the stubs stand for are scanned for them once for a set of inputs (about
// 0.35 s, kept in the cells' cache beside the lib-only program's facts), and with one of
// them the kernel builds the program with the real declarations from the start.

const fs = require("node:fs");
const path = require("node:path");

const PI_AI = "@earendil-works/pi-ai";
/** pi-ai's dependencies a cell uses itself: Pi's packages and TypeBox. */
const USED_BY_CELLS = /^(@earendil-works\/|typebox$)/;

/**
 * The directories (each ending in a separator) of the packages pi-ai depends on for its
 * providers: its dependencies less Pi's own, TypeBox and the project's own dependencies, each
 * where Node would find it from pi-ai. Empty when pi-ai is not installed.
 * @param {string} projectRoot
 * @returns {string[]}
 */
function deferredPackageDirs(projectRoot) {
  const piAi = path.join(projectRoot, "node_modules", PI_AI);
  const manifest = readJson(path.join(piAi, "package.json"));
  const project = readJson(path.join(projectRoot, "package.json"));
  if (manifest === undefined || project === undefined) return [];
  const own = new Set([...Object.keys(project.dependencies ?? {}), ...Object.keys(project.devDependencies ?? {})]);
  /** @type {string[]} */
  const dirs = [];
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (USED_BY_CELLS.test(name) || own.has(name)) continue;
    const dir = installedFrom(piAi, name);
    if (dir !== undefined) dirs.push(dir + path.sep);
  }
  return dirs;
}

/**
 * Where `name` resolves from the package at `from`: its own node_modules, then each one above.
 * @param {string} from
 * @param {string} name
 */
function installedFrom(from, name) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** @param {string} file */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * A symbol table that notes every read: the checker reads a module's exports to resolve an
 * import from it, an `export *` of it, `typeof import(…)` and `export =`.
 * @extends {Map<any, any>}
 */
class RecordingTable extends Map {
  /** @param {() => void} onRead */
  constructor(onRead) {
    super();
    this.onRead = onRead;
  }
  /** @param {any} key */
  get(key) {
    this.onRead();
    return super.get(key);
  }
  /** @param {any} key */
  has(key) {
    this.onRead();
    return super.has(key);
  }
  /**
   * @param {(value: any, key: any, map: Map<any, any>) => void} callback
   * @param {unknown} [thisArg]
   */
  forEach(callback, thisArg) {
    this.onRead();
    super.forEach(callback, thisArg);
  }
  keys() {
    this.onRead();
    return super.keys();
  }
  values() {
    this.onRead();
    return super.values();
  }
  entries() {
    this.onRead();
    return super.entries();
  }
  [Symbol.iterator]() {
    this.onRead();
    return super.entries();
  }
  get size() {
    this.onRead();
    return super.size;
  }
}

/**
 * Stubs for the files under `dirs`, and whether a checker read one since the last `watch()`.
 * @param {typeof import("typescript")} ts
 * @param {string[]} dirs
 */
function createDeferral(ts, dirs) {
  /** @type {Map<string, import("typescript").SourceFile>} */
  const stubs = new Map();
  let read = false;
  const onRead = () => {
    read = true;
  };
  return {
    /**
     * The stub for `fileName`, or undefined when it is not a deferred package's.
     * @param {string} fileName
     * @param {import("typescript").ScriptTarget | import("typescript").CreateSourceFileOptions} languageVersion
     */
    stubFor(fileName, languageVersion) {
      if (!dirs.some((dir) => fileName.startsWith(dir))) return undefined;
      let stub = stubs.get(fileName);
      if (stub === undefined) {
        stub = ts.createSourceFile(fileName, "export {};\n", languageVersion, true);
        stubs.set(fileName, stub);
      }
      return stub;
    },
    /** After a program's checker is made (it binds the stubs): their exports note reads from now on. */
    watch() {
      read = false;
      for (const stub of stubs.values()) {
        /** @type {(import("typescript").Symbol & { exports?: Map<any, any> }) | undefined} */
        const symbol = /** @type {any} */ (stub).symbol;
        if (symbol === undefined || symbol.exports instanceof RecordingTable) continue;
        const table = new RecordingTable(onRead);
        for (const [key, value] of Map.prototype.entries.call(symbol.exports ?? new Map())) Map.prototype.set.call(table, key, value);
        symbol.exports = table;
      }
    },
    /** Whether a checker read a stub's exports since the last watch(). */
    wasRead: () => read,
    /** The files stubbed so far: the SDK files Pi's declarations import. */
    stubbed: () => [...stubs.keys()],
  };
}

/**
 * The first file reached from `entries` (through imports, `export … from`, import types and
 * references) that declares something for every file, and what; undefined when none does.
 * Read with TypeScript's preprocessor, not its parser: the files stay unparsed.
 * @param {typeof import("typescript")} ts
 * @param {string[]} entries
 * @param {import("typescript").CompilerOptions} options
 * @param {import("typescript").ModuleResolutionHost} host
 * @returns {string | undefined}
 */
function declaresForEveryFile(ts, entries, options, host) {
  const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
  const seen = new Set();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const found = ts.preProcessFile(text, true, true);
    const why = everyFileDeclaration(text, found);
    if (why !== undefined) return `${file}: ${why}`;
    const mode = file.endsWith(".d.mts") ? ts.ModuleKind.ESNext : file.endsWith(".d.cts") ? ts.ModuleKind.CommonJS : undefined;
    for (const imported of found.importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, file, options, host, cache, undefined, mode).resolvedModule?.resolvedFileName;
      if (resolved !== undefined && /\.d\.[mc]?ts$/.test(resolved)) queue.push(resolved);
    }
    for (const referenced of found.referencedFiles) queue.push(path.resolve(path.dirname(file), referenced.fileName));
  }
  return undefined;
}

/**
 * What in a declaration file reaches every file of a program, or undefined.
 * @param {string} text
 * @param {import("typescript").PreProcessedFileInfo} found
 */
function everyFileDeclaration(text, found) {
  // includes() first: the multiline patterns alone took a third of the scan.
  if (text.includes("global") && /^\s*declare\s+global\b/m.test(text)) return "declare global";
  if ((text.includes("module") && /^\s*declare\s+module\s+['"]/m.test(text)) || (found.ambientExternalModules?.length ?? 0) > 0) return 'declare module "name"';
  if (text.includes("namespace") && /^\s*export\s+as\s+namespace\b/m.test(text)) return "export as namespace";
  if (found.libReferenceDirectives.length > 0) return `/// <reference lib="${found.libReferenceDirectives[0]?.fileName}" />`;
  const types = found.typeReferenceDirectives.find((directive) => directive.fileName !== "node");
  if (types !== undefined) return `/// <reference types="${types.fileName}" />`;
  if (!/^\s*(import|export)\b/m.test(text)) return "a script (no import or export): its names are global";
  return undefined;
}

module.exports = { createDeferral, declaresForEveryFile, deferredPackageDirs, everyFileDeclaration };
