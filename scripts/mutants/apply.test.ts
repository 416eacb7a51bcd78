import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { installedPi } from "../ledger/static/installed.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { applyPatch, isPatchRefused } from "./apply.ts";
import { ensurePatchedInstall } from "./patched-install.ts";
import { isSpecProblem, parseSpec, readSpec, type PatchSpec } from "./spec.ts";

const FIXTURES = join(PROJECT_ROOT, "scripts", "mutants", "fixtures");
const edit = { package: "@earendil-works/pi-agent-core", file: "dist/agent.js" };

test("mutants: a find text that is missing is refused, naming the file and the count", () => {
  const refused = applyPatch("const a = 1;\n", { ...edit, find: "const b", replace: "const c" });
  assert.ok(isPatchRefused(refused));
  assert.equal(refused.occurrences, 0);
  assert.match(
    refused.message,
    /^@earendil-works\/pi-agent-core\/dist\/agent\.js: the find text "const b" occurs 0 times; it must occur exactly once$/,
  );
});

test("mutants: a find text found twice is refused", () => {
  const refused = applyPatch("x; x;", { ...edit, find: "x;", replace: "y;" });
  assert.ok(isPatchRefused(refused) && refused.occurrences === 2);
});

test("mutants: the replacement is taken literally ($& and $1 are not patterns)", () => {
  assert.equal(applyPatch("a b c", { ...edit, find: "b", replace: "$&$1" }), "a $&$1 c");
});

test("mutants: a spec with a field beyond the six, or missing one, is refused", () => {
  const spec: PatchSpec = { ...edit, find: "a", replace: "b", description: "d", flips: [] };
  assert.ok(!isSpecProblem(parseSpec(spec, "s.json") as PatchSpec));
  const extra = parseSpec({ ...spec, note: "x" }, "s.json");
  assert.ok(isSpecProblem(extra as PatchSpec) && /unknown field "note"/.test((extra as { message: string }).message));
  const { flips: _flips, ...missing } = spec;
  assert.ok(isSpecProblem(parseSpec(missing, "s.json") as PatchSpec));
  assert.ok(isSpecProblem(parseSpec({ ...spec, package: "left-pad" }, "s.json") as PatchSpec));
  assert.ok(isSpecProblem(parseSpec({ ...spec, file: "../../etc/passwd" }, "s.json") as PatchSpec));
});

test("mutants: a patched install with a missing find text is refused before anything is written", () => {
  const spec = readSpec(join(FIXTURES, "find-missing.json"));
  assert.ok(!isSpecProblem(spec));
  const cache = mkdtempSync(join(tmpdir(), "mutants-cache-"));
  try {
    const result = ensurePatchedInstall(spec, cache);
    assert.ok("kind" in result && result.kind === "find-not-unique", JSON.stringify(result));
    assert.deepEqual(readdirSync(cache), []);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("mutants: a patched install changes its copy only; the project's node_modules keeps the pinned text", () => {
  const spec = readSpec(join(FIXTURES, "declares-unflipped.json"));
  assert.ok(!isSpecProblem(spec));
  const cache = mkdtempSync(join(tmpdir(), "mutants-cache-"));
  try {
    const install = ensurePatchedInstall(spec, cache);
    assert.ok(!("kind" in install), JSON.stringify(install));
    const patched = readFileSync(join(install.dir, "node_modules", spec.package, spec.file), "utf8");
    assert.ok(patched.includes(spec.replace) && !patched.includes(spec.find));
    const original = readFileSync(join(installedPi().dirs.core, spec.file), "utf8");
    assert.ok(original.includes(spec.find) && !original.includes(spec.replace));
    assert.ok(existsSync(join(install.dir, "node_modules", "typebox", "package.json")));
    const again = ensurePatchedInstall(spec, cache);
    assert.ok(!("kind" in again) && again.reused && again.dir === install.dir);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});

test("mutants: npm run mutants -- --patch with a missing find text refuses in one line, exit 2", () => {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      join(PROJECT_ROOT, "scripts", "mutants", "main.ts"),
      "--patch",
      join(FIXTURES, "find-missing.json"),
    ],
    {
      cwd: PROJECT_ROOT,
      encoding: "utf8",
    },
  );
  assert.equal(run.status, 2, run.stderr);
  assert.equal(run.stdout, "");
  assert.match(
    run.stderr,
    /^mutants: scripts\/mutants\/fixtures\/find-missing\.json: @earendil-works\/pi-agent-core\/dist\/agent\.js: the find text .* occurs 0 times; it must occur exactly once\n$/,
  );
});

test("mutants: an unknown option is refused in one line, exit 2; --help exits 0", () => {
  const main = join(PROJECT_ROOT, "scripts", "mutants", "main.ts");
  const unknown = spawnSync(process.execPath, ["--import", "tsx", main, "--frobnicate"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr.trim().split("\n").length, 1, unknown.stderr);
  const help = spawnSync(process.execPath, ["--import", "tsx", main, "--help"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: npm run mutants/);
});

test("mutants: a --patch file that does not exist is one line naming the file, why, and what a spec is", () => {
  const spec = readSpec("/nonexistent.json");
  assert.ok(isSpecProblem(spec));
  assert.equal(
    spec.message,
    "--patch /nonexistent.json: no such file; give a JSON spec (package, file, find, replace, description, flips), e.g. scripts/mutants/extra-patches/*.json",
  );
});
