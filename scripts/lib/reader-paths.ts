// Paths on a command line are the reader's: `npm run notebooks -- ch38-recipe.ipynb` typed in
// notebooks/ names notebooks/ch38-recipe.ipynb, although npm runs every script from the
// project's root. npm records the folder it was typed in as INIT_CWD.
import { relative, resolve } from "node:path";

/**
 * The folder relative paths on the command line start from: where the reader typed
 * `npm run <script>`, or the process's own folder when it was not started as that script
 * (a test spawning the command directly inherits an unrelated INIT_CWD from `npm test`).
 */
export function readerFolder(script: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.npm_lifecycle_event === script && env.INIT_CWD !== undefined ? env.INIT_CWD : process.cwd();
}

/** `path` from the command line as an absolute path. */
export function fromReader(script: string, path: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(readerFolder(script, env), path);
}

/** An absolute `path` as the reader would type it from where they ran the command. */
export function forReader(script: string, path: string, env: NodeJS.ProcessEnv = process.env): string {
  return relative(readerFolder(script, env), path) || ".";
}
