import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";

/** The files git knows of (tracked, or new and not ignored) under `root`, relative to it. */
export function filesUnder(root: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed.split("\0").filter((file) => file !== "");
}

/** Of `files` (relative to `root`), those the formatter reads: not ignored by `.prettierignore`, of a known language. */
export async function formattableFiles(root: string, files: readonly string[]): Promise<string[]> {
  const ignorePath = join(root, ".prettierignore");
  const kept: string[] = [];
  for (const file of files) {
    const info = await prettier.getFileInfo(join(root, file), { ignorePath });
    if (!info.ignored && info.inferredParser !== null) kept.push(file);
  }
  return kept;
}

/** A file the formatter would change, with its formatted text. */
export interface Unformatted {
  file: string;
  formatted: string;
}

/** Of `files` (relative to `root`), those whose text differs from what the pinned formatter writes. */
export async function unformattedFiles(root: string, files: readonly string[]): Promise<Unformatted[]> {
  const found: Unformatted[] = [];
  for (const file of await formattableFiles(root, files)) {
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const options = { ...(await prettier.resolveConfig(path, { editorconfig: false })), filepath: path };
    const formatted = await prettier.format(text, options);
    if (formatted !== text) found.push({ file, formatted });
  }
  return found;
}
