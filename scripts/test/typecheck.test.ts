// `npm run typecheck` covers the notebook kernel's CommonJS (scripts/notebooks/kernel/*.cjs) and examples/support's .mjs
// through projects of their own, with checkJs; the project's tsconfig.json stays without
// allowJs and checkJs, whose options the ledger and the matrix compile the listings with.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";

const KERNEL_DIR = join(PROJECT_ROOT, "scripts", "notebooks", "kernel");

const SUPPORT_DIR = join(PROJECT_ROOT, "examples", "support");

function project(dir: string, name = "tsconfig.json"): ts.ParsedCommandLine {
  const file = join(dir, name);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  assert.equal(read.error, undefined, `${file} does not parse`);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, dir, undefined, file);
}

test("typecheck: the kernel's project checks every .cjs in the kernel's folder, strict, and each says // @ts-check", () => {
  const kernel = project(KERNEL_DIR);
  assert.deepEqual(kernel.errors, []);
  assert.equal(kernel.options.checkJs, true);
  assert.equal(kernel.options.strict, true);
  const cjs = readdirSync(KERNEL_DIR)
    .filter((name) => name.endsWith(".cjs"))
    .sort();
  assert.ok(cjs.length > 0);
  const checked = new Set(kernel.fileNames.map((file) => file.slice(KERNEL_DIR.length + 1)));
  assert.deepEqual(
    cjs.filter((name) => !checked.has(name)),
    [],
    "kernel files the kernel's project leaves out",
  );
  // The pragma makes an editor check a file it opens outside this project too.
  assert.deepEqual(
    cjs.filter((name) => !readFileSync(join(KERNEL_DIR, name), "utf8").startsWith("// @ts-check\n")),
    [],
    "kernel files without // @ts-check",
  );
});

test("typecheck: examples/support's .mjs project checks every .mjs there (the request-body worker, the preload), strict, and each says // @ts-check", () => {
  const support = project(SUPPORT_DIR, "tsconfig.mjs.json");
  assert.deepEqual(support.errors, []);
  assert.equal(support.options.checkJs, true);
  assert.equal(support.options.strict, true);
  const mjs = readdirSync(SUPPORT_DIR).filter((name) => name.endsWith(".mjs"));
  assert.ok(mjs.includes("request-body-worker.mjs"));
  const checked = new Set(support.fileNames.map((file) => file.slice(SUPPORT_DIR.length + 1)));
  assert.deepEqual(
    mjs.filter((name) => !checked.has(name)),
    [],
    "examples/support .mjs files its project leaves out",
  );
  assert.deepEqual(
    mjs.filter((name) => !readFileSync(join(SUPPORT_DIR, name), "utf8").startsWith("// @ts-check\n")),
    [],
    "examples/support .mjs files without // @ts-check",
  );
});

test("typecheck: the project's tsconfig.json has neither allowJs nor checkJs", () => {
  const root = project(PROJECT_ROOT);
  assert.equal(root.options.allowJs, undefined);
  assert.equal(root.options.checkJs, undefined);
});
