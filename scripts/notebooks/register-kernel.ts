import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { KERNEL_NAME, resolvedKernelSpec } from "./kernelspec.ts";

/**
 * Jupyter's per-user data directory, as jupyter_core computes it: JUPYTER_DATA_DIR if
 * set, else the platform's user data directory.
 */
export function jupyterDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.JUPYTER_DATA_DIR) return env.JUPYTER_DATA_DIR;
  if (platform === "darwin") return join(home, "Library", "Jupyter");
  if (platform === "win32") return join(env.APPDATA ?? join(home, "AppData", "Roaming"), "jupyter");
  return join(env.XDG_DATA_HOME || join(home, ".local", "share"), "jupyter");
}

/** Writes kernels/<name>/kernel.json under `dataDir`; returns the kernel's directory. */
export function installKernel(dataDir: string): string {
  const dir = join(dataDir, "kernels", KERNEL_NAME);
  writeFileAtomically(join(dir, "kernel.json"), JSON.stringify(resolvedKernelSpec(), null, 2) + "\n");
  return dir;
}
