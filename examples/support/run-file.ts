import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { withPiFirst } from "./preload-pi.ts";

// A notebook cell runs a counterexample as a reader does, `npx tsx FILE`: in a child process
// with this process's loader flags (in the kernel, tsx's ES module hooks, which the kernel
// hands its children without loading them), from the project's root. Pi is loaded ahead of
// those hooks, as the project's own children load it: the file prints the same, and on Node 20
// a ch37 counterexample cell took 0.4 to 0.7 s in place of 0.6 to 1.0 s (the ch37 notebook's
// cells 8.7 s → 6.7 s, 11.9 → 7.8 CPU-s, warm, at idle).

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** What `npx tsx FILE` prints for `file` (relative to the project root). */
export function printedBy(file: string): string {
  return execFileSync(process.execPath, [...withPiFirst(process.execArgv), file], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
}
