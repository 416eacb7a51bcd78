import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type ts from "typescript";
import { sharedParseHost, withParsedFiles } from "./parsed-files.ts";
import { typescript } from "./typescript.ts";

const dir = mkdtempSync(join(tmpdir(), "parsed-files-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const OPTIONS: ts.CompilerOptions = { strict: true, noEmit: true, lib: ["lib.es5.d.ts"], types: [] };
const ES2022 = typescript.ScriptTarget.ES2022;

const errorsOf = (file: string, host: ts.CompilerHost) =>
  typescript
    .getPreEmitDiagnostics(typescript.createProgram({ rootNames: [file], options: OPTIONS, host }))
    .map((d) => `TS${d.code} ${typescript.flattenDiagnosticMessageText(d.messageText, " ")}`);

test("parsed-files: a second host, another program, gets the file the first parsed (lib.es5.d.ts, one object)", () => {
  const lib = typescript.getDefaultLibFilePath(OPTIONS).replace(/[^/]+$/, "lib.es5.d.ts");
  const first = sharedParseHost(OPTIONS).getSourceFile(lib, ES2022);
  const second = sharedParseHost({ ...OPTIONS, paths: { x: ["./x.ts"] } }).getSourceFile(lib, ES2022);
  assert.ok(first !== undefined);
  assert.equal(second, first);
});

test("parsed-files: a file whose text changed is parsed again, and the program reports the new text's error, not the old", () => {
  const file = join(dir, "changes.ts");
  writeFileSync(file, "export const count: number = 3;\n");
  assert.deepEqual(errorsOf(file, sharedParseHost(OPTIONS)), []);
  writeFileSync(file, 'export const count: number = "three";\n');
  assert.deepEqual(errorsOf(file, sharedParseHost(OPTIONS)), [
    "TS2322 Type 'string' is not assignable to type 'number'.",
  ]);
});

test("parsed-files: other parse options, or a host asking for a new file, get a parse of their own", () => {
  const file = join(dir, "options.ts");
  writeFileSync(file, "/** A count. */\nexport const count = 3;\n");
  const host = sharedParseHost(OPTIONS);
  const all = host.getSourceFile(file, {
    languageVersion: ES2022,
    jsDocParsingMode: typescript.JSDocParsingMode.ParseAll,
  });
  const forErrors = host.getSourceFile(file, {
    languageVersion: ES2022,
    jsDocParsingMode: typescript.JSDocParsingMode.ParseForTypeErrors,
  });
  assert.notEqual(forErrors, all);
  assert.notEqual(host.getSourceFile(file, ES2022, undefined, true), host.getSourceFile(file, ES2022));
  assert.notEqual(
    sharedParseHost({ ...OPTIONS, moduleDetection: typescript.ModuleDetectionKind.Force }).getSourceFile(file, ES2022),
    host.getSourceFile(file, ES2022),
  );
});

test("parsed-files: every file a program asks for is read through the host's readFile, kept or not (what records a host's reads sees each one)", () => {
  const file = join(dir, "reads.ts");
  writeFileSync(file, "export const count = 3;\n");
  const readsOf = () => {
    const host = typescript.createCompilerHost(OPTIONS);
    const read: string[] = [];
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (read.push(name), readFile(name));
    errorsOf(file, withParsedFiles(host, OPTIONS));
    return read.filter((name) => name.endsWith(".ts"));
  };
  const first = readsOf();
  assert.ok(first.includes(file) && first.some((name) => name.endsWith("lib.es5.d.ts")), JSON.stringify(first));
  assert.deepEqual(readsOf(), first);
});
