import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// A notebook cell runs a counterexample as a reader does, `npx tsx FILE`: in a child process
// with this process's loader flags (in the kernel, tsx's ES module hooks, which the kernel
// hands its children without loading them), from the project's root.

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What `npx tsx FILE` prints for `file` (relative to the project root). */
export function printedBy(file: string): string {
  return execFileSync(process.execPath, [...process.execArgv, file], { cwd: PROJECT_ROOT, encoding: "utf8" });
}
