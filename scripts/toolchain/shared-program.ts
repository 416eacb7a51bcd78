import { dirname, join } from "node:path";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { substitutions } from "./listing-source.ts";
import { sharedParseHost } from "./parsed-files.ts";
import { typescript } from "./typescript.ts";

/**
 * One TypeScript program for every group of files a process type-checks against one set
 * of options, so that Pi's declarations (a thousand files: typebox, the provider SDKs) are
 * parsed, bound and checked once rather than once per group. Type-checking them is what
 * costs: a second program repeats all of it, while a second group in the same program
 * costs only its own files.
 */
export interface SharedProgram {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  /** Every diagnostic a program of `roots` alone would report (the same files, the same checker answers). */
  diagnosticsOf(roots: readonly string[]): ts.Diagnostic[];
}

interface Session {
  options: ts.CompilerOptions;
  documented: readonly string[];
  host: ts.CompilerHost;
  /** The shared program's roots: files announced with {@link typeCheckTogether} before it was made, and the first caller's. */
  roots: Set<string>;
  current: SharedProgram | undefined;
}

const sessions = new Map<string, Session>();
const announced = new Set<string>();
const forgetters: (() => void)[] = [];
let dropped = false;

/**
 * Forgets every shared program, so that the memory its type-check took (hundreds of MB) can
 * be collected once the type-checking is over. A later call makes a new program and checks
 * the declarations again. Announced files stay announced.
 */
export function dropSharedPrograms(): void {
  dropped = sessions.size > 0 || dropped;
  sessions.clear();
  for (const forget of forgetters) forget();
}

/** Registers `forget`, which drops a cache holding a shared program's checker, for {@link dropSharedPrograms}. */
export function whenSharedProgramsDropped(forget: () => void): void {
  forgetters.push(forget);
}

/**
 * Files (absolute paths) that later calls in this process will type-check. The first
 * program then includes them, so that one checker serves every caller; a file asked for
 * without being announced costs a new program and a second check of the declarations.
 */
export function typeCheckTogether(files: readonly string[]): void {
  for (const file of files) announced.add(file);
}

/** A question a program's host asks the file system, by the path it reads (a reader's file, not ours). */
export type HostQuestion = "read" | "file" | "dir" | "real" | "entries";

let recorder: ((kind: HostQuestion, path: string) => void) | undefined;

/**
 * Calls `record` with every question the hosts of programs made from now on ask the file
 * system, so that an answer computed from a program can be kept and reused while each
 * question gets the same answer (scripts/listings/compile-store.ts). False, and nothing is
 * recorded, when this process has made a program already: its questions were asked unheard,
 * and a record without them could reuse an answer that no longer holds.
 */
export function recordHostQuestions(record: (kind: HostQuestion, path: string) => void): boolean {
  if (sessions.size > 0 || dropped) return false;
  recorder = record;
  return true;
}

/** The files announced so far with {@link typeCheckTogether}. */
export function announcedFiles(): ReadonlySet<string> {
  return announced;
}

/**
 * A compiler host whose parsed (and, once a checker bound them, bound) source files and
 * module resolutions are kept for every program made with it. A source file depends only
 * on its name and the options, which are fixed per host.
 */
function cachingHost(options: ts.CompilerOptions, documented: readonly string[]): ts.CompilerHost {
  const host = sharedParseHost(options);
  const record = recorder;
  if (record !== undefined) {
    // Every question the program asks passes through these five (getSourceFile reads through readFile).
    const heard =
      <A extends unknown[], R>(kind: HostQuestion, ask: (path: string, ...rest: A) => R) =>
      (path: string, ...rest: A): R => {
        const result = ask(path, ...rest);
        record(kind, path);
        return result;
      };
    host.readFile = heard("read", host.readFile.bind(host));
    host.fileExists = heard("file", host.fileExists.bind(host));
    host.directoryExists = heard("dir", host.directoryExists!.bind(host));
    host.realpath = heard("real", host.realpath!.bind(host));
    host.getDirectories = heard("entries", host.getDirectories!.bind(host));
  }
  // A reader's listing is read in place of ours, under our file's name: every file importing
  // ours then checks against the reader's code, and it resolves Pi as ours does.
  const replaced = substitutions();
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  // A reader's files are ES modules wherever they lie (as the listings hook loads them): a
  // reader's folder without a package.json of its own reads as one that says so.
  const readerScopes = new Set(
    [...replaced.values()].map((file) => join(dirname(file), "package.json")).filter((file) => !fileExists(file)),
  );
  host.fileExists = (fileName) => readerScopes.has(fileName) || fileExists(fileName);
  host.readFile = (fileName) =>
    readerScopes.has(fileName) ? '{ "type": "module" }' : readFile(replaced.get(fileName) ?? fileName);
  const parsed = new Map<string, ts.SourceFile>();
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    let file = parsed.get(fileName);
    if (file === undefined) {
      // Doc comments are kept where callers read them; elsewhere only those a type error
      // can depend on, as tsc itself parses them (the provider SDKs' comments are large).
      const jsDocParsingMode = documented.some((dir) => fileName.startsWith(`${dir}/`))
        ? typescript.JSDocParsingMode.ParseAll
        : typescript.JSDocParsingMode.ParseForTypeErrors;
      const fileOptions =
        typeof languageVersion === "object"
          ? { ...languageVersion, jsDocParsingMode }
          : { languageVersion, jsDocParsingMode };
      file = parse(fileName, fileOptions, onError, shouldCreate);
      if (file !== undefined) parsed.set(fileName, file);
    }
    return file;
  };
  const resolutions = typescript.createModuleResolutionCache(
    host.getCurrentDirectory(),
    host.getCanonicalFileName,
    options,
  );
  // A reader's listing imports files of its own beside it (`./defaults.ts`): resolved from the
  // reader's folder, not ours; a package any file of that folder imports resolves from the project.
  const readerDirs = [...replaced.values()].map((file) => `${dirname(file)}/`);
  const resolvingFrom = (specifier: string, containingFile: string): string => {
    const theirs = replaced.get(containingFile);
    if (theirs !== undefined && specifier.startsWith(".")) return theirs;
    const inReaderDir = readerDirs.some((dir) => containingFile.startsWith(dir));
    return inReaderDir && !specifier.startsWith(".") ? join(PROJECT_ROOT, "package.json") : containingFile;
  };
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, opts, containingSourceFile) =>
    literals.map((literal) =>
      typescript.resolveModuleName(
        literal.text,
        resolvingFrom(literal.text, containingFile),
        opts,
        host,
        resolutions,
        redirected,
        typescript.getModeForUsageLocation(containingSourceFile, literal, opts),
      ),
    );
  // Also the package.json cache, which decides each file's module format in every program.
  host.getModuleResolutionCache = () => resolutions;
  return host;
}

function diagnosticsOf(
  shared: ts.Program,
  host: ts.CompilerHost,
  options: ts.CompilerOptions,
  roots: readonly string[],
): ts.Diagnostic[] {
  // Which files a program of these roots alone would hold: a program made only to list
  // them (every file comes from the host's caches; no checker is made for it).
  const alone = typescript.createProgram({ rootNames: roots, options, host });
  const files = new Set(alone.getSourceFiles().map((file) => file.fileName));
  const inGroup = (d: ts.Diagnostic) => d.file === undefined || files.has(d.file.fileName);
  const found: ts.Diagnostic[] = [
    ...alone.getConfigFileParsingDiagnostics(),
    ...alone.getOptionsDiagnostics(),
    ...shared.getGlobalDiagnostics().filter(inGroup),
  ];
  for (const name of files) {
    const file = shared.getSourceFile(name);
    if (file === undefined) continue;
    found.push(...shared.getSyntacticDiagnostics(file), ...shared.getSemanticDiagnostics(file));
  }
  return [...typescript.sortAndDeduplicateDiagnostics(found)];
}

function programOf(session: Session, rootNames: readonly string[]): SharedProgram {
  const program = typescript.createProgram({ rootNames, options: session.options, host: session.host });
  const checker = program.getTypeChecker();
  return { program, checker, diagnosticsOf: (roots) => diagnosticsOf(program, session.host, session.options, roots) };
}

/**
 * The shared program for these options holding `roots` (absolute paths) with every file
 * announced so far, made on the first call. A later call for a root the shared program
 * does not hold gets a program of its own (parsed files are still shared; the type-check
 * is not), with a warning saying which file to announce. Doc comments are parsed in full
 * only in files under the `documented` directories (the packages whose comments callers read).
 */
export function sharedProgram(
  options: ts.CompilerOptions,
  roots: readonly string[],
  documented: readonly string[] = [],
): SharedProgram {
  const key = JSON.stringify([options, documented]);
  let session = sessions.get(key);
  if (session === undefined) {
    if (dropped)
      process.emitWarning(
        "a shared TypeScript program is made again after dropSharedPrograms(): its declarations are parsed and checked a second time",
      );
    session = { options, documented, host: cachingHost(options, documented), roots: new Set(), current: undefined };
    sessions.set(key, session);
  }
  if (session.current === undefined) {
    for (const root of [...announced, ...roots]) session.roots.add(root);
    session.current = programOf(session, [...session.roots]);
  }
  const missing = roots.filter((root) => !session.roots.has(root));
  if (missing.length === 0) return session.current;
  process.emitWarning(
    `${missing.join(", ")} type-checked in a program of its own: announce it with compileLater() where its check is defined, so that one type-check serves it and the rest`,
  );
  return programOf(session, roots);
}
