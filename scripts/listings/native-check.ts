// The strict type-check of a reader's listings by TypeScript 7's native compiler. TypeScript
// 5.9 builds a program over Pi's 1,050 declaration files and works out TypeBox's variances for
// it: about 12 CPU-s of a cold `npm run listings` at idle, where TypeScript 7 takes 2. Both
// refuse the same lines (scripts/listings/native-typescript.test.ts), and the listings' tests
// hold this check to the answers TypeScript 5.9 gave them.
//
// TypeScript 7 reads files from disk under their own names, so the reader's listings are copied
// into a folder inside the project: there they are ES modules, as the listings hook loads them,
// and Pi resolves as it does for ours. A listing that imports a file of the reader's own, or a
// folder with a package.json of its own, is not the same program in the copy: for those the
// answer is "not here", and the caller asks TypeScript 5.9 (check-listings.ts).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { inTemporaryFolder } from "../../examples/support/temporary-folder.ts";
import { nativeDiagnostics, type NativeDiagnostic } from "../../examples/support/compile-strictly.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { BOOK_EXPORTS, type MissingExports } from "./check-listings.ts";
import { typesEntry, type CompileDiagnostic } from "../toolchain/compile.ts";
import { LISTINGS, listingSources, type ListingName, type ListingSource } from "../toolchain/listing-source.ts";
import { PACKAGE_NAMES, type InstalledPi, type PackageKey } from "../toolchain/pin.ts";

/** TypeScript 7's answer: the diagnostics (at our listing's name, as TypeScript 5.9 gives them), and each listing's missing book exports. */
export interface NativeAnswer {
  diagnostics: CompileDiagnostic[];
  missing: MissingExports;
}

// Codes by which the copy is not the reader's program: a module or file it did not find.
const NOT_FOUND = new Set([2307, 2792, 6053]);
const PROBE = "book-exports.probe.ts";

/**
 * The reader's listings (`names` of them) type-checked by TypeScript 7 in a copy, with the
 * book's exports tried by a probe file importing each one on its own line; undefined when the
 * copy cannot stand for the reader's folder (see the file's header).
 */
export async function compileNatively(
  install: InstalledPi,
  names: readonly ListingName[],
): Promise<NativeAnswer | undefined> {
  const theirs = listingSources().filter((s) => s.reader && names.includes(s.name));
  if (theirs.some((s) => existsSync(join(s.file, "..", "package.json")))) return undefined;
  const cache = join(PROJECT_ROOT, ".cache");
  mkdirSync(cache, { recursive: true });
  return inTemporaryFolder(
    "listings-native-",
    async (copy) => {
      const copied = new Map<string, ListingSource>();
      const probe: { source: ListingSource; name: string }[] = [];
      for (const source of theirs) {
        const file = join(copy, `${source.name}.ts`);
        copyFileSync(source.file, file);
        copied.set(file, source);
        for (const name of BOOK_EXPORTS[source.name]) probe.push({ source, name });
      }
      writeFileSync(
        join(copy, PROBE),
        probe.map(({ source, name }) => `import type { ${name} } from "./${source.name}.ts";\n`).join(""),
      );
      const paths: Record<string, string[]> = {};
      for (const key of Object.keys(PACKAGE_NAMES) as PackageKey[])
        paths[PACKAGE_NAMES[key]] = [typesEntry(install.dirs[key])];
      const config = join(copy, "tsconfig.json");
      writeFileSync(
        config,
        JSON.stringify({
          extends: relative(copy, join(PROJECT_ROOT, "tsconfig.json")),
          compilerOptions: { noEmit: true, paths },
          files: [...copied.keys(), join(copy, PROBE)],
          include: [],
        }),
      );
      const found = await nativeDiagnostics(config);
      if (found.some((d) => NOT_FOUND.has(d.code))) return undefined;
      const probeFile = join(copy, PROBE);
      const atOurs = (d: NativeDiagnostic): CompileDiagnostic => {
        const source = d.file === undefined ? undefined : copied.get(d.file);
        const file = source !== undefined ? LISTINGS[source.name] : d.file && relative(PROJECT_ROOT, d.file);
        return { code: d.code, file, line: d.line, message: d.message };
      };
      const refusedLines = new Set(found.filter((d) => d.file === probeFile).map((d) => d.line));
      const missing = theirs
        .map((source) => ({
          source,
          absent: probe.filter((p, i) => p.source === source && refusedLines.has(i + 1)).map((p) => p.name),
        }))
        .filter((m) => m.absent.length > 0);
      return { diagnostics: found.filter((d) => d.file !== probeFile).map(atOurs), missing };
    },
    cache,
  );
}
