// A plainly started kernel, and every process of ours that uses the compiler, compiles TypeScript
// from V8's code cache (typescript-code-cache.cjs).
// The module is loaded from a copy of typescript.js here, so that a test can change its text.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { scratchDir } from "../lib/scratch-dir.ts";

const require = createRequire(import.meta.url);
const MODULE = require.resolve("./typescript-code-cache.cjs");
const { codeCacheFile: cacheFileFor } = require(MODULE) as {
  codeCacheFile: (file: string, cacheDir: string, source: string) => string;
};
/** The cache's file for a load of `file` as it is (no source of the caller's). */
const codeCacheFile = (file: string, cacheDir: string) => cacheFileFor(file, cacheDir, readFileSync(file, "utf8"));
const TYPESCRIPT = require.resolve("typescript");
const VERSION = (require("typescript") as { version: string }).version;

/**
 * One kernel's load, in a Node of its own: V8 also keeps what it compiled within a process,
 * so a second load in this one would run from that whatever the file held.
 */
function load(file: string, cacheDir: string, keep: boolean): { fromCache: boolean; version: string; same: boolean } {
  const script = `
const [file, cacheDir, keep] = process.argv.slice(1);
const loaded = require(${JSON.stringify(MODULE)}).loadTypeScriptWithCodeCache(file, cacheDir);
if (keep === "keep") process.once("exit", () => loaded.keep());
console.log(JSON.stringify({ fromCache: loaded.fromCache, version: loaded.exports.version, same: require(file) === loaded.exports }));`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", script, file, cacheDir, keep ? "keep" : "no"], { encoding: "utf8" }),
  ) as { fromCache: boolean; version: string; same: boolean };
}

function copyOfTypeScript(name: string) {
  const dir = scratchDir(`typescript-code-cache-${name}`);
  const file = join(dir, "typescript.js");
  copyFileSync(TYPESCRIPT, file);
  return { file, cacheDir: join(dir, "cells") };
}

test("kernel.typescript-code-cache: the first load compiles and writes the cache as the kernel exits (keep); the next load runs from it, and require() returns it", () => {
  const { file, cacheDir } = copyOfTypeScript("reuse");
  assert.deepEqual(load(file, cacheDir, true), { fromCache: false, version: VERSION, same: true });
  assert.ok(existsSync(codeCacheFile(file, cacheDir)), "the first kernel's exit wrote no cache");
  const written = statSync(codeCacheFile(file, cacheDir)).mtimeMs;
  assert.deepEqual(load(file, cacheDir, true), { fromCache: true, version: VERSION, same: true });
  assert.equal(
    statSync(codeCacheFile(file, cacheDir)).mtimeMs,
    written,
    "a load that ran from the cache wrote it again",
  );
});

test("kernel.typescript-code-cache: a damaged cache is not run; the load compiles, and keep() replaces it", () => {
  const { file, cacheDir } = copyOfTypeScript("damaged");
  load(file, cacheDir, true);
  writeFileSync(codeCacheFile(file, cacheDir), Buffer.alloc(4096, 7));
  assert.deepEqual(load(file, cacheDir, true), { fromCache: false, version: VERSION, same: true });
  assert.equal(load(file, cacheDir, false).fromCache, true, "keep() did not replace the damaged cache");
});

test("kernel.typescript-code-cache: TypeScript changed in place, at the same length, runs its own code, not the cache of the one before", () => {
  const { file, cacheDir } = copyOfTypeScript("changed");
  load(file, cacheDir, true);
  const text = readFileSync(file, "utf8");
  const other = VERSION.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
  const changed = text.replace(`version = "${VERSION}"`, `version = "${other}"`);
  assert.notEqual(changed, text, `typescript.js declares no version = "${VERSION}"`);
  assert.equal(changed.length, text.length);
  writeFileSync(file, changed);
  assert.deepEqual(load(file, cacheDir, true), { fromCache: false, version: other, same: true });
  assert.deepEqual(
    readdirSync(cacheDir).filter((name) => name.endsWith(".v8")),
    [codeCacheFile(file, cacheDir).split("/").pop()],
    "the stale cache was kept beside the new one",
  );
});
