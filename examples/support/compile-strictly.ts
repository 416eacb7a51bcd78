import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type ts from "typescript";

// Type-checks one file as `npx tsc -p .` would (the project's tsconfig.json, strict), so that
// a counterexample can show what strict TypeScript refuses, without the project's scripts/.
//
// The compile reads some 1,050 declaration files (11 MB: Pi's declarations bring openai's,
// anthropic's and google's), 5 to 12 s on a loaded machine, for an answer that is a pure
// function of what TypeScript read and asked the file system. So the answer is kept under
// .cache/strict-compile/ with every such question and its answer (a file's hash, whether a
// path exists, a real path, a folder's entries), and reused only when each question, asked
// again, gets the same answer, with the same TypeScript and the same Pi: a changed, added or
// removed file anywhere TypeScript looked means a fresh compile, never a stale answer.

const require = createRequire(import.meta.url);
const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PI_PACKAGES = ["@earendil-works/pi-agent-core", "@earendil-works/pi-ai"];

/** One diagnostic of a strict compile: `code` is the number after "TS", `line` is 1-based. */
export interface StrictDiagnostic {
  code: number;
  line: number | undefined;
  /** The message's last line: the reason under "Argument of type … is not assignable …". */
  reason: string;
}

/** The declarations of `name` where this process imports it from (under the release matrix, the release's). */
function declarationsOf(name: string): string {
  const file = fileURLToPath(import.meta.resolve(name)).replace(/\.js$/, ".d.ts");
  if (!existsSync(file)) throw new Error(`${name} has no declarations beside its entry: ${file} is missing`);
  return file;
}

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A question TypeScript asked the file system, and what the answer was, as this file asks it again. */
export type Probe = [kind: "read" | "file" | "dir" | "real" | "entries", path: string, answer: string];

/** The answer to a probe, taken from the file system without TypeScript. */
export function answer(kind: Probe[0], path: string): string {
  const stat = () => statSync(path, { throwIfNoEntry: false });
  try {
    if (kind === "read") return sha256(readFileSync(path));
    if (kind === "file") return String(stat()?.isFile() ?? false);
    if (kind === "dir") return String(stat()?.isDirectory() ?? false);
    if (kind === "real") return realpathSync.native(path);
    // A folder's entries, each with its kind as a stat (following links) gives it.
    return JSON.stringify(
      readdirSync(path)
        .sort()
        .map((name) => `${name}:${statSync(join(path, name), { throwIfNoEntry: false })?.isDirectory() ?? "-"}`),
    );
  } catch (error) {
    return `error ${(error as NodeJS.ErrnoException).code ?? "unknown"}`;
  }
}

/** Where the answers are kept: .cache/strict-compile/, or PI_COMPANION_STRICT_CACHE's folder; none when that is `off`. */
function cacheDir(): string | undefined {
  const chosen = process.env.PI_COMPANION_STRICT_CACHE;
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? chosen : join(PROJECT_ROOT, ".cache", "strict-compile");
}

interface Stored {
  probes: Probe[];
  diagnostics: StrictDiagnostic[];
}

/** What an answer depends on besides the probes: the file, the declarations Pi is read from, TypeScript and Pi's versions. */
function keyOf(root: string, paths: Record<string, string[]>): string {
  const version = (packageJson: string) =>
    (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  const typescriptJson = require.resolve("typescript/package.json");
  const pi = Object.values(paths).map(
    ([declarations]) => `${declarations} ${version(join(dirname(declarations!), "..", "package.json"))}`,
  );
  return sha256(
    JSON.stringify([root, process.cwd(), process.platform, typescriptJson, version(typescriptJson), ...pi]),
  );
}

/**
 * The entry `key` kept in `dir`, when every question it recorded gets the same answer today;
 * undefined otherwise (or when there is none). Shared with the listings' store
 * (scripts/listings/compile-store.ts), which keeps more than diagnostics.
 */
export function storedAnswer<T extends { probes: Probe[] }>(dir: string, key: string): T | undefined {
  let stored: T;
  try {
    stored = JSON.parse(readFileSync(join(dir, `${key}.json`), "utf8")) as T;
  } catch {
    return undefined;
  }
  return stored.probes.every(([kind, path, was]) => answer(kind, path) === was) ? stored : undefined;
}

/** The most answers kept: each patched or released Pi a run compiles against adds one (about 400 kB). */
const KEPT = 32;

/** Keeps `stored` as the entry `key` in `dir`, with at most {@link KEPT} entries (the newest). */
export function storeAnswer(dir: string, key: string, stored: { probes: Probe[] }): void {
  try {
    mkdirSync(dir, { recursive: true });
    const older = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .slice(KEPT - 1);
    for (const { name } of older) rmSync(join(dir, name), { force: true });
    const file = join(dir, `${key}.json`);
    // A temporary name, then rename: a compile killed mid-write, or two at once, leave no half entry.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(stored));
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written costs time, never an answer.
  }
}

/** The compile itself, with every question its host and its config parse ask the file system recorded. */
function compile(root: string, paths: Record<string, string[]>): Stored {
  // By require, and only here: an ES import of typescript's 9 MB CommonJS file passes through
  // tsx's loader hooks, and a stored answer needs no TypeScript at all.
  const typescript = require("typescript") as typeof ts;
  const probes = new Map<string, Probe>();
  const asked = <T>(kind: Probe[0], path: string, result: T): T => {
    probes.set(`${kind}\0${path}`, [kind, path, answer(kind, path)]);
    return result;
  };
  const sys = typescript.sys;
  const configHost: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: sys.useCaseSensitiveFileNames,
    // Expands "include" into file names, which the compile does not use (its root is `file`).
    readDirectory: sys.readDirectory,
    fileExists: (path) => asked("file", path, sys.fileExists(path)),
    readFile: (path) => asked("read", path, sys.readFile(path)),
  };
  const config = typescript.readConfigFile(join(PROJECT_ROOT, "tsconfig.json"), configHost.readFile);
  if (config.error) throw new Error(typescript.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const { options: projectOptions } = typescript.parseJsonConfigFileContent(config.config, configHost, PROJECT_ROOT);
  const options = { ...projectOptions, noEmit: true, paths };
  const host = typescript.createCompilerHost(options);
  host.readFile = (path) => asked("read", path, sys.readFile(path));
  host.fileExists = (path) => asked("file", path, sys.fileExists(path));
  host.directoryExists = (path) => asked("dir", path, sys.directoryExists(path));
  host.realpath = (path) => asked("real", path, sys.realpath!(path));
  host.getDirectories = (path) => asked("entries", path, sys.getDirectories(path));
  const program = typescript.createProgram([root], options, host);
  const diagnostics = typescript.getPreEmitDiagnostics(program, program.getSourceFile(root)).map((d) => ({
    code: d.code,
    line:
      d.file === undefined || d.start === undefined
        ? undefined
        : d.file.getLineAndCharacterOfPosition(d.start).line + 1,
    reason: typescript.flattenDiagnosticMessageText(d.messageText, "\n").split("\n").at(-1)!.trim(),
  }));
  return { probes: [...probes.values()], diagnostics };
}

/** Every diagnostic strict TypeScript reports for `file` (relative to the project root); none means it compiles. */
export function compileStrictly(file: string): StrictDiagnostic[] {
  const paths = Object.fromEntries(PI_PACKAGES.map((name) => [name, [declarationsOf(name)]]));
  const root = join(PROJECT_ROOT, file);
  const dir = cacheDir();
  const key = keyOf(root, paths);
  const kept = dir === undefined ? undefined : storedAnswer<Stored>(dir, key)?.diagnostics;
  if (kept !== undefined) return kept;
  const compiled = compile(root, paths);
  if (dir !== undefined) storeAnswer(dir, key, compiled);
  return compiled.diagnostics;
}

/** "TS2345 at line 9: Property 'streamFn' is missing …" for each diagnostic. */
export function describeDiagnostics(diagnostics: readonly StrictDiagnostic[]): string {
  return diagnostics.map((d) => `TS${d.code} at line ${d.line ?? "?"}: ${d.reason}`).join("; ");
}
