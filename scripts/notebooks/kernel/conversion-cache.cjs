// @ts-check
"use strict";
// A cell's type-check and compile, kept across kernel starts, as `tsc --incremental`
// keeps its build info. Opening a chapter notebook and running its first reader cell
// cost most of its time building the type-check program and checking `new Agent(…)`
// again in every new kernel, for cells and files that had not changed. A cell that
// converted without a diagnostic is stored under a key made of its own text and the
// text of every earlier cell it runs after; the entry also holds every project file the
// cell reaches, with the hash of its text. The entry is used only when those files
// still have those hashes, and the whole store only with the same TypeScript, compiler
// options, kernel code, installed packages (package-lock.json) and examples/ files
// (`fingerprint`): any change means a fresh check, never a stale pass.

/**
 * A stored conversion: the cell's ES module emit (named `cellName` when it was made) and
 * its CommonJS, what tslab's executor needs to run it, and every project file it reaches
 * with the hash of its text, its own ES module emit and its CommonJS.
 * @typedef {{
 *   esm: string,
 *   cjs?: import("./stack-traces.cjs").CommonJs,
 *   cellName: string,
 *   hasToplevelAwait: boolean,
 *   lastExpressionVar: string | undefined,
 *   files: ReachedFile[],
 * }} Entry
 */
/** @typedef {{ fileName: string, hash: string, esm: string, cjs?: import("./stack-traces.cjs").CommonJs }} ReachedFile */

const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { writeFileAtomically } = require("../../lib/write-file-atomically.cjs");

/** @param {string | Buffer} text */
const sha256 = (text) => crypto.createHash("sha256").update(text).digest("hex");

/**
 * The files under `dir` (recursively) whose names end in one of `extensions`, sorted.
 * @param {string} dir
 * @param {string[]} extensions
 */
function filesUnder(dir, extensions) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/**
 * What every stored conversion depends on besides its cells and reached files: the
 * TypeScript version and options, the kernel's own code, the installed packages and the
 * project's example files (a global declaration in one could change any cell's check).
 * @param {{ ts: { version: string }, options: import("typescript").CompilerOptions, projectRoot: string, kernelDir: string }} inputs
 */
function fingerprintOf({ ts, options, projectRoot, kernelDir }) {
  // PI_COMPANION_LISTINGS chooses which listings the kernel compiles (reader-listings.test.ts).
  // The compiler host reads a reader's listing under our file name, so the per-entry file
  // hashes see ours: the reader's files' own text must be part of the fingerprint.
  const listings = process.env.PI_COMPANION_LISTINGS;
  const parts = [`typescript ${ts.version}`, `node ${process.version}`, JSON.stringify(options), `listings ${listings ?? ""}`];
  for (const file of [
    ...filesUnder(kernelDir, [".cjs", ".json"]),
    path.join(projectRoot, "package-lock.json"),
    path.join(projectRoot, "tsconfig.json"),
    ...filesUnder(path.join(projectRoot, "examples"), [".ts"]),
    ...(listings ? filesUnder(path.resolve(projectRoot, listings), [".ts"]) : []),
  ]) {
    parts.push(`${path.relative(projectRoot, file)} ${fs.existsSync(file) ? sha256(fs.readFileSync(file)) : "absent"}`);
  }
  return sha256(parts.join("\n")).slice(0, 32);
}

/**
 * Where the kernel keeps the store: .cache/kernel-cells, or PI_COMPANION_KERNEL_CACHE's
 * directory; undefined when that is `off`.
 * @param {string} projectRoot
 * @param {NodeJS.ProcessEnv} [env]
 */
function conversionCacheDir(projectRoot, env = process.env) {
  const chosen = env.PI_COMPANION_KERNEL_CACHE;
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? path.resolve(chosen) : path.join(projectRoot, ".cache", "kernel-cells");
}

/**
 * The key of a cell run after the cells whose chain key is `previousKey` (the empty string for none).
 * @param {string} previousKey
 * @param {string} src
 */
function chainKeyOf(previousKey, src) {
  return sha256(`${previousKey}\0${src}`);
}

/**
 * The hash of a file's text as the cache records it, or undefined when it cannot be read.
 * @param {string} fileName
 */
function fileHash(fileName) {
  try {
    return sha256(fs.readFileSync(fileName, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The store in `dir/<fingerprint>/`: `lookup(key)` returns an entry whose files are
 * unchanged, or undefined; `store(key, entry)` writes one (temporary name, then rename,
 * so a kernel killed mid-write leaves no half entry); `programFacts()` and
 * `storeProgramFacts(facts)` read and write what a kernel found in the whole program.
 * Stores of other fingerprints are removed on the first write, so the cache holds one
 * version of the project.
 * @param {string} dir
 * @param {string} fingerprint
 */
function createConversionCache(dir, fingerprint) {
  const here = path.join(dir, fingerprint);
  let pruned = false;
  return {
    /**
     * @param {string} key
     * @returns {Entry | undefined}
     */
    lookup(key) {
      /** @type {Entry} */
      let entry;
      try {
        entry = JSON.parse(fs.readFileSync(path.join(here, `${key}.json`), "utf8"));
      } catch {
        return undefined;
      }
      return entry.files.every((file) => fileHash(file.fileName) === file.hash) ? entry : undefined;
    },
    /**
     * @param {string} key
     * @param {Entry} entry
     */
    store(key, entry) {
      write(`${key}.json`, entry);
    },
    /** @returns {ProgramFacts | undefined} what a kernel recorded of the whole program for these inputs */
    programFacts() {
      try {
        return JSON.parse(fs.readFileSync(path.join(here, PROGRAM_FACTS), "utf8"));
      } catch {
        return undefined;
      }
    },
    /** @param {ProgramFacts} facts */
    storeProgramFacts(facts) {
      write(PROGRAM_FACTS, facts);
    },
  };

  /**
   * @param {string} name
   * @param {unknown} value
   */
  function write(name, value) {
    try {
      if (!pruned) {
        pruned = true;
        // Other inputs' folders only: the kernel's TypeScript code cache sits beside them (typescript-code-cache.cjs).
        for (const other of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
          if (other.isDirectory() && other.name !== fingerprint) fs.rmSync(path.join(dir, other.name), { recursive: true, force: true });
        }
      }
      fs.mkdirSync(here, { recursive: true });
      writeFileAtomically(path.join(here, name), JSON.stringify(value));
    } catch {
      // A cache that cannot be written costs time, never a cell.
    }
  }
}

/**
 * What the kernel that built the whole program for a fingerprint's inputs found in it: the
 * files beyond the lib and @types/node that declare globals (lib-only-program.cjs).
 * @typedef {{ globalsBeyondLib: string[], deferredDeclareForAll?: string }} ProgramFacts
 */
const PROGRAM_FACTS = "program.json";

const INLINE_MAP = /(\/\/# sourceMappingURL=data:application\/json;base64,)([A-Za-z0-9+/=]+)(\s*)$/;

/**
 * A stored cell's ES module for the cell it now is: its inline source map names the cell
 * file it was emitted as (`__tslab_cell_3__`), which this kernel numbers anew.
 * @param {string} esm
 * @param {string} from
 * @param {string} to
 */
function renamedCellEsm(esm, from, to) {
  if (from === to) return esm;
  return esm.replace(INLINE_MAP, (/** @type {string} */ _whole, /** @type {string} */ head, /** @type {string} */ map, /** @type {string} */ tail) => {
    const renamed = Buffer.from(map, "base64").toString("utf8").replaceAll(from, to);
    return `${head}${Buffer.from(renamed, "utf8").toString("base64")}${tail}`;
  });
}

module.exports = { conversionCacheDir, createConversionCache, fingerprintOf, chainKeyOf, renamedCellEsm, sha256 };
