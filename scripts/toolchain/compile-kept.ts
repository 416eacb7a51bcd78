// compileFiles, kept across processes. Every process that renders the chapters (the site, the
// notebooks' generator, their tests: seven in one npm test) type-checks the listing the book
// says does not compile, and each built a program over Pi's 1,050 declaration files for it
// (about 8 s of CPU on 2 cores) to get the same answer. The answer is a pure function of what
// TypeScript read and asked the file system, so it is kept with every question the program's
// host asked and its answer, and reused only when each question, asked again, gets the same
// answer (answer-store.ts), with the same TypeScript, options, files and code.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { keptCompile, sha256 } from "./answer-store.ts";
import { moduleCodeHashes } from "./code-hashes.ts";
import { compileFiles, compilerOptionsFor, type CompileDiagnostic } from "./compile.ts";
import { substitutions } from "./listing-source.ts";
import type { PackageKey } from "./pin.ts";
import { typescript } from "./typescript.ts";

const require = createRequire(import.meta.url);

/**
 * A kept compile's key: what its answer depends on besides the probes. The code that made it
 * (the module at `codeFile` and all it imports), this checkout, TypeScript, the options with the
 * Pi of `dirs`, and a reader's listings in place of ours; `more` is what the caller adds (the
 * files compiled, and so on).
 */
export function compileKey(codeFile: string, dirs: Record<PackageKey, string>, ...more: unknown[]): string {
  return sha256(
    JSON.stringify([
      moduleCodeHashes(codeFile),
      PROJECT_ROOT,
      process.platform,
      require.resolve("typescript/package.json"),
      typescript.version,
      compilerOptionsFor(dirs),
      [...substitutions()],
      ...more,
    ]),
  );
}

/**
 * {@link compileFiles}, answered from the store `dir` when every question its program asked
 * gets the same answer today; otherwise compiled, and kept there. A process that has made a
 * program already compiles without the store (its questions went unrecorded), as does one
 * given no `dir`.
 */
export function compileFilesKept(
  files: readonly string[],
  dirs: Record<PackageKey, string>,
  dir: string | undefined,
): CompileDiagnostic[] {
  if (dir === undefined) return compileFiles(files, dirs);
  const rootNames = files.map((f) => resolve(PROJECT_ROOT, f));
  return keptCompile(dir, compileKey(fileURLToPath(import.meta.url), dirs, rootNames), () => compileFiles(files, dirs));
}
