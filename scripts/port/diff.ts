import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type ts from "typescript";
import { compilerOptionsFor, typesEntry, type CompileDiagnostic } from "../toolchain/compile.ts";
import { sharedParseHost } from "../toolchain/parsed-files.ts";
import { PACKAGE_NAMES, type PackageKey } from "../toolchain/pin.ts";
import { typescript } from "../toolchain/typescript.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { CHAPTER_FOLDERS } from "../lib/layout.ts";
import { applyEdits, portEdits, type ImportEdit, type Port } from "./transform.ts";

const CONTEXT = 3;

/** Every TypeScript module of the chapters (their subfolders included), relative to the project root, sorted. */
export function chapterModules(root: string = PROJECT_ROOT): string[] {
  return CHAPTER_FOLDERS.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .map((f) => f.split("\\").join("/"))
      .filter((f) => f.endsWith(".ts") && !f.split("/").includes("fixtures"))
      .map((f) => `${folder}/${f}`),
  ).sort();
}

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** One file's unified diff for `edits` (import lines only), with three lines of context. */
export function fileDiff(file: string, text: string, edits: readonly ImportEdit[]): string {
  const lines = text.split("\n");
  const sorted = [...edits].sort((a, b) => a.firstLine - b.firstLine);
  // Group edits whose context would touch, as diff does.
  const groups: ImportEdit[][] = [];
  for (const edit of sorted) {
    const last = groups.at(-1);
    if (last !== undefined && edit.firstLine - last.at(-1)!.lastLine <= 2 * CONTEXT + 1) last.push(edit);
    else groups.push([edit]);
  }
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let shift = 0; // lines added minus lines removed by earlier hunks
  for (const group of groups) {
    const start = Math.max(1, group[0]!.firstLine - CONTEXT);
    const end = Math.min(lines.length, group.at(-1)!.lastLine + CONTEXT);
    const body: string[] = [];
    let line = start;
    let added = 0;
    let removed = 0;
    for (const edit of group) {
      for (; line < edit.firstLine; line++) body.push(` ${lines[line - 1]}`);
      body.push(...edit.original.map((l) => `-${l}`), ...edit.replacement.map((l) => `+${l}`));
      removed += edit.original.length;
      added += edit.replacement.length;
      line = edit.lastLine + 1;
    }
    for (; line <= end; line++) body.push(` ${lines[line - 1]}`);
    const oldCount = end - start + 1;
    const newCount = oldCount - removed + added;
    out.push(`@@ -${range(start, oldCount)} +${range(start + shift, newCount)} @@`, ...body);
    shift += added - removed;
  }
  return out.join("\n") + "\n";
}

/** The port as a unified diff against the chapters' modules (paths a/examples/…, b/examples/…; apply with -p1). */
export function portDiff(port: Port, root: string = PROJECT_ROOT): string {
  return chapterModules(root)
    .map((file) => {
      const text = readFileSync(join(root, file), "utf8");
      const edits = portEdits(text, port, file);
      return edits.length === 0 ? "" : fileDiff(file, text, edits);
    })
    .join("");
}

/** The chapters' modules with `port` applied in memory (file → ported text), for files it changes. */
export function portedSources(port: Port, root: string = PROJECT_ROOT): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of chapterModules(root)) {
    const text = readFileSync(join(root, file), "utf8");
    const edits = portEdits(text, port, file);
    if (edits.length > 0) sources.set(file, applyEdits(text, edits));
  }
  return sources;
}

/** Why the ported copy could not be type-checked. */
export interface PortCheckProblem {
  kind: "patch-failed";
  message: string;
}

/**
 * Copies examples/ to `scratch` (a folder inside the project, so the project's own
 * node_modules serve the tests' imports; scripts/ linked beside it), applies `diff` there
 * with `git apply`, and returns
 * the folder's TypeScript files the project's tsconfig would compile.
 */
export function applyToScratchCopy(diff: string, scratch: string): string[] | PortCheckProblem {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(join(PROJECT_ROOT, "examples"), join(scratch, "examples"), { recursive: true });
  // The commands' entry points in examples/ import the project's scripts/ (`--pi`).
  symlinkSync(join(PROJECT_ROOT, "scripts"), join(scratch, "scripts"));
  const patch = join(scratch, "port.diff");
  writeFileSync(patch, diff);
  try {
    // The ceiling keeps git from finding the project's repository above the scratch folder,
    // so the paths of the diff are read from the scratch folder, as on a reader's copy.
    execFileSync("git", ["apply", "-p1", "port.diff"], {
      cwd: scratch,
      env: { ...process.env, GIT_CEILING_DIRECTORIES: join(scratch, "..") },
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return { kind: "patch-failed", message: `git apply failed: ${stderr || (error as Error).message}` };
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // The tsconfig excludes fixtures/: some are broken on purpose (the compile helper's tests).
      if (entry.isDirectory()) {
        if (entry.name !== "fixtures") walk(path);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".fails-to-compile.ts")) files.push(path);
    }
  };
  walk(join(scratch, "examples"));
  return files.sort();
}

/** The directory of package `name` as Node finds it from `fromDir` (walking up node_modules folders). */
function packageDirFrom(fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === dirname(dir)) return undefined;
  }
}

/**
 * The project's compiler options against the Pi install in `dirs`, with every module the
 * port moves names to mapped to the copy the release's core itself resolves (pi-schema is
 * the core's dependency, not the project's).
 */
export function portedCompilerOptions(dirs: Record<PackageKey, string>, port: Port): ts.CompilerOptions {
  const options = compilerOptionsFor(dirs);
  for (const name of new Set(Object.values(port.moves))) {
    const dir = packageDirFrom(dirs.core, name);
    if (dir !== undefined) options.paths![name] ??= [typesEntry(dir)];
  }
  return options;
}

/**
 * Type-checks `files` with the project's strict options against the release installed in
 * `releaseDir` (its node_modules): Pi's packages and every module the port imports from.
 */
export function typecheckAgainstRelease(files: readonly string[], releaseDir: string, port: Port): CompileDiagnostic[] {
  const modules = join(releaseDir, "node_modules");
  const dirs = Object.fromEntries(
    (Object.keys(PACKAGE_NAMES) as PackageKey[]).map((key) => [key, join(modules, PACKAGE_NAMES[key])]),
  ) as Record<PackageKey, string>;
  const options = portedCompilerOptions(dirs, port);
  const program = typescript.createProgram({ rootNames: [...files], options, host: sharedParseHost(options) });
  return typescript.getPreEmitDiagnostics(program).map(diagnosticValue);
}

/** A TypeScript diagnostic as a value, its file relative to the project root. */
export function diagnosticValue(d: ts.Diagnostic): CompileDiagnostic {
  return {
    code: d.code,
    file: d.file && relative(PROJECT_ROOT, d.file.fileName),
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : undefined,
    message: typescript.flattenDiagnosticMessageText(d.messageText, "\n"),
  };
}

/** The proof appendix B prints: the port applied to a scratch copy of examples/, type-checked against a release. */
export function checkPortAgainst(
  port: Port,
  releaseDir: string,
  scratch: string,
): CompileDiagnostic[] | PortCheckProblem {
  const files = applyToScratchCopy(portDiff(port), scratch);
  return "kind" in files ? files : typecheckAgainstRelease(files, releaseDir, port);
}
