import { join } from "node:path";
import { PROJECT_ROOT } from "./paths.ts";

/** The module every npm script loads ahead of its entry point (the preflight, Pi, then tsx). */
export const BOOT = join(PROJECT_ROOT, "scripts", "lib", "boot.mjs");

// `node --import ./scripts/lib/boot.mjs scripts/ledger/main.ts`, as package.json spells each script.
const SCRIPT_LINE = /^node --import \.\/scripts\/lib\/boot\.mjs (\S+\.ts)$/;

/** The entry point an npm script's command line runs (project-relative), or undefined when it runs none of ours. */
export function scriptEntry(line: string): string | undefined {
  return SCRIPT_LINE.exec(line)?.[1];
}

/** The flags and arguments that run `entry` (with `args`) the way its npm script does, for `process.execPath`. */
export function asNpmRunsIt(entry: string, args: readonly string[] = []): string[] {
  return ["--import", BOOT, entry, ...args];
}
