// The compiler is read on first use, so a command that only answers `--help` or refuses an
// option does not pay 1.5 to 2 CPU-s for typescript's 9 MB file. The child reports, as it
// exits, whether typescript's main file is in Node's CommonJS cache (fixtures/typescript-loaded).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";

const REPORT_ON_EXIT = join(
  PROJECT_ROOT,
  "scripts",
  "toolchain",
  "fixtures",
  "typescript-loaded",
  "report-on-exit.cjs",
);

function typescriptLoaded(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { loaded: boolean; status: number | null; stderr: string } {
  const ran = spawnSync(
    process.execPath,
    ["--require", REPORT_ON_EXIT, "--import", "./scripts/lib/boot.mjs", ...args],
    { cwd: PROJECT_ROOT, encoding: "utf8", env },
  );
  const reported = /typescript-loaded: (true|false)/.exec(ran.stderr);
  assert.ok(reported, `expected the child to report whether typescript was loaded; its stderr:\n${ran.stderr}`);
  return { loaded: reported[1] === "true", status: ran.status, stderr: ran.stderr };
}

test("typescript: notebooks:generate --help answers without loading the compiler", () => {
  const ran = typescriptLoaded([join("scripts", "notebooks", "generate.ts"), "--help"]);
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.loaded, false, "expected --help not to read typescript; it did");
});

test("typescript: notebooks:generate refuses an unknown option without loading the compiler", () => {
  const ran = typescriptLoaded([join("scripts", "notebooks", "generate.ts"), "--bogus"]);
  assert.equal(ran.status, 2, ran.stderr);
  assert.equal(ran.loaded, false, "expected the refusal not to read typescript; it did");
});

const TRANSPILE = [
  "--input-type=module",
  "-e",
  `const { typescript } = await import("./scripts/toolchain/typescript.ts");
   const out = typescript.transpileModule("const x: number = 1", {}).outputText;
   if (!out.includes("var x = 1") && !out.includes("const x = 1")) throw new Error(out);`,
];

test("typescript: the first use of the compiler API loads it, and it works", () => {
  const ran = typescriptLoaded(TRANSPILE);
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(ran.loaded, true, "expected a use of typescript to load it");
});

test("typescript: the first process to use the compiler keeps V8's code for it; the next runs from that code and leaves it as it was", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "typescript-code-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { ...process.env, PI_COMPANION_TYPESCRIPT_CODE_CACHE: dir };
  const kept = () => readdirSync(dir).map((name) => ({ name, mtimeMs: statSync(join(dir, name)).mtimeMs }));
  assert.equal(typescriptLoaded(TRANSPILE, env).status, 0);
  const first = kept();
  assert.equal(first.length, 1, "expected one code cache file after the first use");
  assert.match(first[0]!.name, /^typescript-[0-9a-f]{32}\.v8$/);
  // A load that found no usable cache rewrites it as it exits: an unchanged file is one the second run used.
  assert.equal(typescriptLoaded(TRANSPILE, env).status, 0);
  assert.deepEqual(kept(), first);
  // Off, the compiler loads as before, from its file.
  const plain = typescriptLoaded(TRANSPILE, { ...process.env, PI_COMPANION_TYPESCRIPT_CODE_CACHE: "off" });
  assert.equal(plain.status, 0, plain.stderr);
  assert.equal(plain.loaded, true);
});
