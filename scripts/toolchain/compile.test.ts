import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { compileFiles, compileLater, compilerOptionsFor, programFor, type CompileDiagnostic } from "./compile.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { isInstallProblem, readInstalledPi } from "./pin.ts";
import { typescript } from "./typescript.ts";

const installed = readInstalledPi();
if (isInstallProblem(installed)) throw new Error(installed.message);
const { dirs } = installed;

const FIXTURES = "scripts/toolchain/fixtures/compile";
const clean = `${FIXTURES}/clean.ts`;
const broken = `${FIXTURES}/broken.ts`;
const importsBroken = `${FIXTURES}/imports-broken.ts`;
compileLater([clean, broken, importsBroken]);

/** What a program of `files` alone reports: the figure the shared program must reproduce. */
function alone(files: readonly string[]): { code: number; file: string | undefined; line: number | undefined }[] {
  const program = typescript.createProgram({
    rootNames: files.map((f) => resolve(PROJECT_ROOT, f)),
    options: compilerOptionsFor(dirs),
  });
  return typescript.getPreEmitDiagnostics(program).map((d) => ({
    code: d.code,
    file: d.file === undefined ? undefined : `${FIXTURES}/${d.file.fileName.split("/").at(-1)}`,
    line:
      d.file === undefined || d.start === undefined
        ? undefined
        : d.file.getLineAndCharacterOfPosition(d.start).line + 1,
  }));
}

const brief = (diagnostics: readonly CompileDiagnostic[]) =>
  diagnostics.map(({ code, file, line }) => ({ code, file, line }));

test("shared program: a clean file reports no diagnostics although a broken file shares its program", () => {
  assert.deepEqual(compileFiles([clean], dirs), []);
});

test("shared program: a broken file reports what a program of it alone reports (TS2322 at line 2)", () => {
  assert.deepEqual(brief(compileFiles([broken], dirs)), [{ code: 2322, file: broken, line: 2 }]);
  assert.deepEqual(brief(compileFiles([broken], dirs)), alone([broken]));
});

test("shared program: a file that imports a broken one reports that error, as a program of it alone does", () => {
  assert.deepEqual(brief(compileFiles([importsBroken], dirs)), alone([importsBroken]));
  assert.equal(compileFiles([importsBroken], dirs).length, 1);
});

test("shared program: files announced with compileLater are checked by one program and one checker", () => {
  const first = programFor(dirs, [resolve(PROJECT_ROOT, clean)]);
  const second = programFor(dirs, [resolve(PROJECT_ROOT, broken)]);
  assert.equal(first.program, second.program);
  assert.equal(first.checker, second.checker);
});
