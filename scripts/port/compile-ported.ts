import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type ts from "typescript";
import { compileFiles, type CompileDiagnostic } from "../toolchain/compile.ts";
import { sharedParseHost } from "../toolchain/parsed-files.ts";
import type { PackageKey } from "../toolchain/pin.ts";
import { typescript } from "../toolchain/typescript.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { diagnosticValue, portedCompilerOptions, portedSources } from "./diff.ts";
import { activePort, graphUsesPort, noteListingsUsed } from "./through-port.ts";
import type { Port } from "./transform.ts";

interface PortedProgram {
  program: ts.Program | undefined;
  host: ts.CompilerHost;
  options: ts.CompilerOptions;
  roots: Set<string>;
}

const programs = new Map<string, PortedProgram>();

/** A compiler host that reads each chapter module `port` changes as the port rewrites it. */
function portedHost(options: ts.CompilerOptions, port: Port): ts.CompilerHost {
  const ported = new Map([...portedSources(port)].map(([file, text]) => [resolve(PROJECT_ROOT, file), text]));
  const host = sharedParseHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const parsed = new Map<string, ts.SourceFile>();
  host.readFile = (fileName) => ported.get(fileName) ?? readFile(fileName);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    let file = parsed.get(fileName);
    if (file === undefined) {
      const text = ported.get(fileName);
      file =
        text === undefined
          ? getSourceFile(fileName, languageVersion, onError, shouldCreate)
          : typescript.createSourceFile(fileName, text, languageVersion);
      if (file !== undefined) parsed.set(fileName, file);
    }
    return file;
  };
  return host;
}

/**
 * Type-checks `files` (relative to the project root) as `port` rewrites the chapters'
 * modules, against the Pi install in `dirs`: how a claim about Pi's declarations is measured
 * at a release whose pi-ai no longer provides the names the printed import lines ask for.
 * Returns the diagnostics a program of these files alone reports (one program per process
 * and port serves every call; a later call with new files extends it). The files count as
 * listings the running check used, so its evidence names the port.
 */
export function compileThroughPort(
  files: readonly string[],
  dirs: Record<PackageKey, string>,
  port: Port,
): CompileDiagnostic[] {
  const roots = files.map((f) => resolve(PROJECT_ROOT, f));
  noteListingsUsed(roots.map((f) => pathToFileURL(f).href));
  const key = JSON.stringify([port.name, dirs]);
  let entry = programs.get(key);
  if (entry === undefined) {
    const options = portedCompilerOptions(dirs, port);
    entry = { options, host: portedHost(options, port), roots: new Set(), program: undefined };
    programs.set(key, entry);
  }
  let program = entry.program;
  if (program === undefined || roots.some((root) => !entry.roots.has(root))) {
    for (const root of roots) entry.roots.add(root);
    program = entry.program = typescript.createProgram({
      rootNames: [...entry.roots],
      options: entry.options,
      host: entry.host,
      oldProgram: program,
    });
  }
  // The files a program of these roots alone would hold (parsed files come from the host's cache).
  const alone = typescript.createProgram({ rootNames: roots, options: entry.options, host: entry.host });
  const found: ts.Diagnostic[] = [...alone.getOptionsDiagnostics(), ...alone.getGlobalDiagnostics()];
  for (const { fileName } of alone.getSourceFiles()) {
    const file = program.getSourceFile(fileName)!;
    found.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  return typescript.sortAndDeduplicateDiagnostics(found).map(diagnosticValue);
}

/** What a claim about Pi's declarations measured: the diagnostics, and the port they were measured through (if any). */
export interface MeasuredCompile {
  diagnostics: CompileDiagnostic[];
  port: Port | undefined;
}

/**
 * Type-checks chapter listings for a claim about Pi's declarations (not about the code as
 * printed): as printed where no port is active or the files never reach a name it moves
 * (the pin: the process's shared program, unchanged), through the active port otherwise.
 */
export function compileAboutPi(
  files: readonly string[],
  dirs: Record<PackageKey, string>,
  port: Port | undefined = activePort(),
): MeasuredCompile {
  const through =
    port !== undefined && files.some((f) => graphUsesPort(resolve(PROJECT_ROOT, f), port)) ? port : undefined;
  return {
    diagnostics: through === undefined ? compileFiles(files, dirs) : compileThroughPort(files, dirs, through),
    port: through,
  };
}
