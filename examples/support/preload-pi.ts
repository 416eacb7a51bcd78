import { fileURLToPath } from "node:url";

const PRELOAD = fileURLToPath(new URL("./preload-pi.mjs", import.meta.url));
const LISTINGS_HOOK = "/scripts/listings/register-hook.ts";
const MODULE_FLAGS = new Set(["--import", "--require", "-r", "--loader", "--experimental-loader"]);

/**
 * Flags that load the installed Pi in a child process before `flags` (the child's loader
 * flags) register their hooks: `--import preload-pi.mjs`, when the only modules `flags`
 * load are tsx's (or tsx's and the listings hook). Any other hook (the release matrix's) may
 * serve another Pi, and gets none.
 */
export function preloadPiBefore(flags: readonly string[]): string[] {
  const modules = flags.flatMap((flag, i) => {
    if (MODULE_FLAGS.has(flag)) return [flags[i + 1] ?? ""];
    const eq = flag.indexOf("=");
    return eq > 0 && MODULE_FLAGS.has(flag.slice(0, eq)) ? [flag.slice(eq + 1)] : [];
  });
  // The listings hook serves a reader's listing in place of ours, and the project's Pi to it.
  const samePi = (module: string) =>
    module === "tsx" || module.includes("/node_modules/tsx/") || module.endsWith(LISTINGS_HOOK);
  return modules.every(samePi) ? ["--import", PRELOAD] : [];
}

/** `flags` (a child's loader flags), with Pi loaded ahead of them when {@link preloadPiBefore} allows it. */
export function withPiFirst(flags: readonly string[]): string[] {
  return [...preloadPiBefore(flags), ...flags];
}
