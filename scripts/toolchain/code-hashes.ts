import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { sha256 } from "./answer-store.ts";
import { typescript } from "./typescript.ts";

/**
 * The module at `file` and every module it reaches through relative imports, each with the
 * hash of its text, sorted by path. A kept answer keyed on them is not reused once the code
 * that made it changed: a changed check, or a changed way of printing a diagnostic, compiles
 * afresh rather than printing the answer the old code gave.
 */
export function moduleCodeHashes(file: string): [string, string][] {
  const hashes = new Map<string, string>();
  const visit = (at: string) => {
    if (hashes.has(at) || !existsSync(at)) return;
    const text = readFileSync(at, "utf8");
    hashes.set(at, sha256(text));
    for (const { fileName } of typescript.preProcessFile(text, true, true).importedFiles)
      if (fileName.startsWith(".")) visit(resolve(dirname(at), fileName));
  };
  visit(file);
  return [...hashes].sort(([a], [b]) => a.localeCompare(b));
}
