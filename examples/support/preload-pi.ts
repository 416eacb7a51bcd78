import { fileURLToPath } from "node:url";

const PRELOAD = fileURLToPath(new URL("./preload-pi.mjs", import.meta.url));
const MODULE_FLAGS = new Set(["--import", "--require", "-r", "--loader", "--experimental-loader"]);

/**
 * Flags that load the installed Pi in a child process before `flags` (the child's loader
 * flags) register their hooks: `--import preload-pi.mjs`, when the only modules `flags`
 * load are tsx's. Any other hook (the release matrix's) may serve another Pi, and gets none.
 */
export function preloadPiBefore(flags: readonly string[]): string[] {
  const modules = flags.flatMap((flag, i) => {
    if (MODULE_FLAGS.has(flag)) return [flags[i + 1] ?? ""];
    const eq = flag.indexOf("=");
    return eq > 0 && MODULE_FLAGS.has(flag.slice(0, eq)) ? [flag.slice(eq + 1)] : [];
  });
  const onlyTsx = modules.every((module) => module === "tsx" || module.includes("/node_modules/tsx/"));
  return onlyTsx ? ["--import", PRELOAD] : [];
}
