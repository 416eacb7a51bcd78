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

/** Asserts that the project `name` in `dir` checks, strictly, every `ext` file of `dir`, and that each says // @ts-check. */
function checksEvery(dir: string, name: string, ext: string, what: string): string[] {
  const checking = project(dir, name);
  assert.deepEqual(checking.errors, []);
  assert.equal(checking.options.checkJs, true);
  assert.equal(checking.options.strict, true);
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(ext))
    .sort();
  const checked = new Set(checking.fileNames.map((file) => file.slice(dir.length + 1)));
  assert.deepEqual(
    files.filter((file) => !checked.has(file)),
    [],
    `${what} files its project leaves out`,
  );
  // The pragma makes an editor check a file it opens outside this project too.
  assert.deepEqual(
    files.filter((file) => !readFileSync(join(dir, file), "utf8").startsWith("// @ts-check\n")),
    [],
    `${what} files without // @ts-check`,
  );
  return files;
}

test("typecheck: the kernel's project checks every .cjs in the kernel's folder, strict, and each says // @ts-check", () => {
  assert.ok(checksEvery(KERNEL_DIR, "tsconfig.json", ".cjs", "kernel").length > 0);
});

test("typecheck: examples/support's .mjs project checks every .mjs there (the request-body worker, the preload), strict, and each says // @ts-check", () => {
  assert.ok(
    checksEvery(SUPPORT_DIR, "tsconfig.mjs.json", ".mjs", "examples/support .mjs").includes("request-body-worker.mjs"),
  );
});

test("typecheck: the project's tsconfig.json has neither allowJs nor checkJs", () => {
  const root = project(PROJECT_ROOT);
  assert.equal(root.options.allowJs, undefined);
  assert.equal(root.options.checkJs, undefined);
});
