import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CHAPTER_FOLDERS, ROLE_FOLDERS } from "../lib/layout.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** A counterexample file: the claim id it tries and its path relative to the project root. */
export interface CounterexampleFile {
  id: string;
  file: string;
  /** The chapter folder it belongs to, e.g. examples/ch38-typed-step. */
  chapter: string;
}

/** Every counterexample of the chapters, `<folder>/counterexamples/<claim-id>.ts`, sorted by id. */
export function counterexampleFiles(root: string = PROJECT_ROOT): CounterexampleFile[] {
  return CHAPTER_FOLDERS.flatMap((chapter) => {
    const dir = `${chapter}/${ROLE_FOLDERS.counterexample}`;
    if (!existsSync(join(root, dir))) return [];
    return readdirSync(join(root, dir))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => ({ id: name.slice(0, -".ts".length), file: `${dir}/${name}`, chapter }));
  }).sort((a, b) => a.id.localeCompare(b.id));
}
