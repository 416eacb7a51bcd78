import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** The temporary name `path` is written under before the rename: hidden, beside it, per process. */
function temporaryFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

/**
 * Writes `files` (path → text) so that each either keeps its old content or gets the new
 * one whole: every file is written beside itself first and renamed only after all were
 * written, so an interrupted run leaves no half-written output. When a write or a rename
 * fails, the temporary files still on disk are removed before the error is thrown.
 */
export function writeFilesAtomically(files: Record<string, string>): void {
  const staged: [string, string][] = [];
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(path), { recursive: true });
      const temporary = temporaryFor(path);
      staged.push([temporary, path]);
      writeFileSync(temporary, text);
    }
    while (staged.length > 0) {
      const [temporary, path] = staged[0]!;
      renameSync(temporary, path);
      staged.shift();
    }
  } finally {
    for (const [temporary] of staged) rmSync(temporary, { force: true });
  }
}

/** Writes one file as {@link writeFilesAtomically} does. */
export function writeFileAtomically(path: string, text: string): void {
  writeFilesAtomically({ [path]: text });
}

/**
 * Writes the folder `dir` the same way: `fill` gets a scratch folder beside `dir` and answers
 * either `{ ready }`, a path inside the scratch folder that is renamed to `dir` (replacing what
 * was there), or a problem, which is returned with `dir` left as it was. The scratch folder is
 * removed whatever happens, so a fill cut short never leaves a `dir` that looks complete.
 */
export async function writeFolderAtomically<Problem extends object>(
  dir: string,
  fill: (scratch: string) => Promise<{ ready: string } | Problem>,
): Promise<Problem | undefined> {
  mkdirSync(dirname(dir), { recursive: true });
  const scratch = mkdtempSync(join(dirname(dir), `.${basename(dir)}-`));
  try {
    const filled = await fill(scratch);
    if (!("ready" in filled)) return filled;
    rmSync(dir, { recursive: true, force: true });
    renameSync(filled.ready, dir);
    return undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
