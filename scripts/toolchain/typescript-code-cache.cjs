// @ts-check
"use strict";
// The project's TypeScript compiled from V8's code cache, for a kernel started plainly (a
// notebook opened again; the cache beside the cells' cache) and for every process of ours that
// uses the compiler (scripts/toolchain/typescript.ts; the cache in .cache/typescript-code). Node
// 20 keeps no compiled code between processes (module.enableCompileCache is Node 22's), so
// every plain kernel compiled typescript.js, 9 MB, again before its kernel_info reply, and then
// the functions the pin check's transpile and the cells' metadata comments run: 230 to 300 ms
// at the start of a kernel whose cells all came from the cells' cache. A kernel started from
// the startup snapshot has TypeScript in its heap and does not come here.
//
// V8 accepts a cache only for the same V8, flags and source length; the file's name also
// carries typescript.js's size, time and inode and this Node, so a reinstalled TypeScript of
// the same length is never run from another's code. A rejected or missing cache costs
// nothing but the compile it would have spared; the kernel writes a new one as it exits, with
// every function it compiled by then.

const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const { writeFileAtomically } = require("../lib/write-file-atomically.cjs");
const {
  loadTypeScriptWithVarianceStore,
  moduleWrapper,
  runAsModule,
  varianceStoreFor,
} = require("./typescript-variances.cjs");

const PREFIX = "typescript-";
const SUFFIX = ".v8";

/**
 * The code cache's file for `file` (typescript.js) run as `source` under `cacheDir`. The
 * length keeps the variance store's hooked text and the plain one apart: V8 rejects a cache
 * for a source of another length, and the two would take each other's file in turn.
 * @param {string} file
 * @param {string} cacheDir
 * @param {string} source
 */
function codeCacheFile(file, cacheDir, source) {
  const { size, mtimeMs, ino } = fs.statSync(file);
  const key = crypto
    .createHash("sha256")
    .update([file, size, mtimeMs, ino, source.length, process.version, process.arch].join("\n"))
    .digest("hex")
    .slice(0, 32);
  return path.join(cacheDir, `${PREFIX}${key}${SUFFIX}`);
}

/** @param {string} file */
function readOrUndefined(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Loads the CommonJS module `file` (the project's typescript.js) as Node's require() would,
 * compiled from the code cache in `cacheDir` when it has an accepted one, and puts it in
 * require's cache under its name, so that every require() of it returns this one.
 * `keep()` writes the cache, with what has been compiled since, unless this load used it;
 * the kernel calls it as it exits. `source` is the text to run in place of the file's (the
 * variance store's hooked typescript.js).
 * @param {string} file
 * @param {string} cacheDir
 * @param {string} [source]
 * @returns {{ exports: typeof import("typescript"), fromCache: boolean, keep(): void }}
 */
function loadTypeScriptWithCodeCache(file, cacheDir, source = fs.readFileSync(file, "utf8")) {
  const cacheFile = codeCacheFile(file, cacheDir, source);
  const cachedData = readOrUndefined(cacheFile);
  const script = new vm.Script(moduleWrapper(source), {
    filename: file,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const fromCache = cachedData !== undefined && script.cachedDataRejected === false;
  return {
    exports: runAsModule(file, script),
    fromCache,
    keep() {
      if (fromCache) return;
      try {
        fs.mkdirSync(cacheDir, { recursive: true });
        for (const name of fs.readdirSync(cacheDir)) {
          if (name.startsWith(PREFIX) && name.endsWith(SUFFIX)) fs.rmSync(path.join(cacheDir, name), { force: true });
        }
        writeFileAtomically(cacheFile, script.createCachedData());
      } catch {
        // A cache that cannot be written costs the next kernel its compile, never a cell.
      }
    },
  };
}

/**
 * The project's TypeScript at `file` as every process of ours loads it: the variance store of
 * `projectRoot` hooked in, compiled from the code cache in `cacheDir` (none when undefined),
 * and the cache written as the process exits when this load could not use it.
 * @param {string} file
 * @param {string} projectRoot
 * @param {string | undefined} cacheDir
 * @returns {typeof import("typescript")}
 */
function loadProjectTypeScript(file, projectRoot, cacheDir) {
  if (cacheDir === undefined) return loadTypeScriptWithVarianceStore(file, projectRoot).ts;
  const hooked = varianceStoreFor(file, projectRoot);
  const loaded = loadTypeScriptWithCodeCache(file, cacheDir, hooked?.source);
  hooked?.install(loaded.exports);
  process.once("exit", () => loaded.keep());
  return loaded.exports;
}

module.exports = { codeCacheFile, loadProjectTypeScript, loadTypeScriptWithCodeCache };
