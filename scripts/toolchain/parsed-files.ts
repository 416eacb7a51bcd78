import type ts from "typescript";
import { typescript } from "./typescript.ts";

// Every program a process makes over Pi parses the same thousand declaration files (11 MB:
// TypeScript's lib, @types/node, typebox, the provider SDKs), whatever its roots and its
// `paths`. A parsed file depends only on its name, its text and the parse options, so one
// parse serves every compiler host in the process, as TypeScript's own DocumentRegistry
// serves a language service's programs. port-at-releases.test.ts makes eight programs over
// three installs; kept here, five runs took 24.3-33.7 s of user CPU in place of 31.6-43.8 s
// (alternating, 2026-12-08, idle).
const kept = new Map<string, ts.SourceFile>();

/** What decides how a file's text parses, beside its name: the parse options and the program's module detection. */
function parseKey(
  fileName: string,
  parse: ts.ScriptTarget | ts.CreateSourceFileOptions,
  options: ts.CompilerOptions,
): string {
  const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
    typeof parse === "object"
      ? parse
      : { languageVersion: parse, impliedNodeFormat: undefined, jsDocParsingMode: undefined };
  // setExternalModuleIndicator, a function, follows from these two options.
  return JSON.stringify([
    fileName,
    languageVersion,
    impliedNodeFormat,
    jsDocParsingMode,
    options.moduleDetection,
    options.jsx,
  ]);
}

/**
 * `host`, its `getSourceFile` answered from the process's parsed files when the file's text
 * (read through `host.readFile`, so that whatever records the host's reads still sees each
 * one) is the text parsed before with the same options; parsed and kept otherwise. A host
 * asked for a fresh file (`shouldCreateNewSourceFile`) gets one. Files are parsed without
 * parent pointers, as a host from `createCompilerHost(options)` parses them.
 */
export function withParsedFiles(host: ts.CompilerHost, options: ts.CompilerOptions): ts.CompilerHost {
  const parseAlone = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, parse, onError, shouldCreateNewSourceFile) => {
    const text = shouldCreateNewSourceFile ? undefined : host.readFile(fileName);
    // Unreadable, or asked for afresh: the host's own parse reports or creates it.
    if (text === undefined) return parseAlone(fileName, parse, onError, shouldCreateNewSourceFile);
    const key = parseKey(fileName, parse, options);
    const found = kept.get(key);
    if (found !== undefined && found.text === text) return found;
    const file = typescript.createSourceFile(fileName, text, parse);
    kept.set(key, file);
    return file;
  };
  return host;
}

/** A compiler host for `options` that shares the process's parsed files ({@link withParsedFiles}). */
export function sharedParseHost(options: ts.CompilerOptions): ts.CompilerHost {
  return withParsedFiles(typescript.createCompilerHost(options), options);
}
