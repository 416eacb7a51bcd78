import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes `files` (path → text) so that each either keeps its old content or gets the new
 * one whole: every file is written beside itself first and renamed only after all were
 * written, so an interrupted run leaves no half-written output.
 */
export function writeFilesAtomically(files: Record<string, string>): void {
  const staged: [string, string][] = [];
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, text);
    staged.push([temp, path]);
  }
  for (const [temp, path] of staged) renameSync(temp, path);
}
