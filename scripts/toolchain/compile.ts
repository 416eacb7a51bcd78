import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { typescript } from "./typescript.ts";
import { PACKAGE_NAMES, type PackageKey } from "./pin.ts";
import { sharedProgram, typeCheckTogether, type SharedProgram } from "./shared-program.ts";

/** One TypeScript diagnostic as a value: `code` is the number after "TS". */
export interface CompileDiagnostic {
  code: number;
  /** Path relative to the project root; undefined for a diagnostic about the options. */
  file: string | undefined;
  /** 1-based line; undefined when the diagnostic has no position. */
  line: number | undefined;
  message: string;
}

/**
 * The project's own compiler options (tsconfig.json), with every Pi package mapped to the
 * directory given, so the declarations compiled against are those of the install being
 * measured (the pin, or a release of the matrix), not whatever node_modules holds. Only the
 * packages' root specifiers are mapped; a subpath import resolves through node_modules.
 */
export function compilerOptionsFor(dirs: Record<PackageKey, string>): ts.CompilerOptions {
  const configPath = resolve(PROJECT_ROOT, "tsconfig.json");
  const read = typescript.readConfigFile(configPath, typescript.sys.readFile);
  if (read.error) throw new Error(typescript.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const parsed = typescript.parseJsonConfigFileContent(read.config, typescript.sys, PROJECT_ROOT);
  const paths: ts.MapLike<string[]> = {};
  for (const key of Object.keys(PACKAGE_NAMES) as PackageKey[]) {
    paths[PACKAGE_NAMES[key]] = [typesEntry(dirs[key])];
  }
  return { ...parsed.options, noEmit: true, paths };
}

/**
 * The declaration file a package's root import resolves to. A `paths` target must be a
 * file: under NodeNext an ES-module import never loads a directory, so a mapping to the
 * package directory would silently fall back to node_modules.
 */
export function typesEntry(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    types?: string;
    exports?: Record<string, unknown>;
  };
  const root = pkg.exports?.["."];
  const fromExports =
    typeof root === "object" && root !== null && typeof (root as { types?: unknown }).types === "string"
      ? (root as { types: string }).types
      : undefined;
  return join(dir, fromExports ?? pkg.types ?? "index.d.ts");
}

function toDiagnostic(d: ts.Diagnostic): CompileDiagnostic {
  const message = typescript.flattenDiagnosticMessageText(d.messageText, "\n");
  if (d.file === undefined || d.start === undefined) {
    return { code: d.code, file: d.file && relative(PROJECT_ROOT, d.file.fileName), line: undefined, message };
  }
  const { line } = d.file.getLineAndCharacterOfPosition(d.start);
  return { code: d.code, file: relative(PROJECT_ROOT, d.file.fileName), line: line + 1, message };
}

const compileListeners: ((files: readonly string[]) => void)[] = [];

/** Calls `listener` with the files (absolute) of every later {@link compileFiles}: the ledger notes what a check type-checked. */
export function onCompile(listener: (files: readonly string[]) => void): void {
  compileListeners.push(listener);
}

/**
 * Type-checks `files` (paths relative to the project root or absolute) with the project's
 * options and the Pi packages found in `dirs`; returns every diagnostic a program of these
 * files alone reports. An empty array means the files compile. The files join the
 * process's shared program (see {@link compileLater}), so Pi's declarations are checked once.
 */
export function compileFiles(files: readonly string[], dirs: Record<PackageKey, string>): CompileDiagnostic[] {
  const rootNames = files.map((f) => resolve(PROJECT_ROOT, f));
  for (const listener of compileListeners) listener(rootNames);
  return programFor(dirs, rootNames).diagnosticsOf(rootNames).map(toDiagnostic);
}

/**
 * The process's shared program over the Pi packages found in `dirs`, holding `rootNames`
 * (absolute paths) and every file announced with {@link compileLater}. The core's and
 * pi-ai's doc comments are parsed in full, for the checks that read them.
 */
export function programFor(dirs: Record<PackageKey, string>, rootNames: readonly string[]): SharedProgram {
  return sharedProgram(compilerOptionsFor(dirs), rootNames, [dirs.core, dirs.ai]);
}

/**
 * Says which files (relative to the project root or absolute) a later {@link compileFiles}
 * in this process will type-check, so the first program made holds them all and one
 * type-check of Pi's declarations serves every caller.
 */
export function compileLater(files: readonly string[]): void {
  typeCheckTogether(files.map((f) => resolve(PROJECT_ROOT, f)));
}

/**
 * The error codes a listing declares it must produce, twoslash style: a comment line
 * `// @errors: 2322 2345`. A listing without the line is expected to compile.
 */
export function declaredErrorCodes(file: string): number[] {
  const text = readFileSync(resolve(PROJECT_ROOT, file), "utf8");
  const line = /^\s*\/\/\s*@errors:\s*(.+)$/m.exec(text);
  if (!line) return [];
  return line[1]!.trim().split(/\s+/).map(Number);
}

/** How a listing's diagnostics compare with the codes it declares. */
export type ExpectationOutcome =
  | { kind: "as-declared"; codes: number[] }
  | { kind: "mismatch"; declared: number[]; produced: number[]; message: string };

/** Compares the distinct codes `diagnostics` report for `file` with the codes it declares. */
export function compareWithDeclared(file: string, diagnostics: readonly CompileDiagnostic[]): ExpectationOutcome {
  const declared = [...new Set(declaredErrorCodes(file))].sort((a, b) => a - b);
  const rel = relative(PROJECT_ROOT, resolve(PROJECT_ROOT, file));
  const produced = [...new Set(diagnostics.filter((d) => d.file === rel).map((d) => d.code))].sort((a, b) => a - b);
  if (declared.length === produced.length && declared.every((code, i) => code === produced[i])) {
    return { kind: "as-declared", codes: produced };
  }
  const list = (codes: number[]) => (codes.length === 0 ? "none" : codes.map((c) => `TS${c}`).join(", "));
  return {
    kind: "mismatch",
    declared,
    produced,
    message: `${rel} declares ${list(declared)} but produced ${list(produced)}`,
  };
}
