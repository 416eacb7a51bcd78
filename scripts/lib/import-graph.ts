import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** Every TypeScript or JavaScript file under `dir` (node_modules aside), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** One relative import of a project file: as written, and the absolute path it names. */
export interface RelativeImport {
  specifier: string;
  target: string;
}

/** The relative imports of `file` (given its text): static, type-only, re-export, `import()` and `require()` all count. */
export function relativeImports(file: string, text: string = readFileSync(file, "utf8")): RelativeImport[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter(({ fileName }) => fileName.startsWith("."))
    .map(({ fileName }) => ({ specifier: fileName, target: resolve(dirname(file), fileName) }));
}
