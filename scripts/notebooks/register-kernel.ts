import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { checkoutKernelName, checkoutKernelSpec, KERNEL_NAME, notebookKernelSpec, type KernelSpec } from "./kernelspec.ts";

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

/** A kernelspec written: its name and directory, and the command line of the one it replaced. */
export interface InstalledKernel {
  name: string;
  dir: string;
  spec: KernelSpec;
  replaced?: string[];
}

/** The argv of the kernel.json in `dir`, or undefined when there is none (or it is not a kernelspec). */
function previousArgv(dir: string): string[] | undefined {
  try {
    const argv = (JSON.parse(readFileSync(join(dir, "kernel.json"), "utf8")) as Partial<KernelSpec>).argv;
    return Array.isArray(argv) ? argv : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes two kernelspecs under `dataDir`/kernels: the one the notebooks name, which runs
 * the checkout the notebook is in, and this checkout's own, named after its folder.
 * Returns each with the command line it replaced, if another was there.
 */
export function installKernel(dataDir: string, checkout: string = PROJECT_ROOT): InstalledKernel[] {
  const kernels: [string, KernelSpec][] = [
    [KERNEL_NAME, notebookKernelSpec()],
    [checkoutKernelName(checkout), checkoutKernelSpec(checkout)],
  ];
  return kernels.map(([name, spec]) => {
    const dir = join(dataDir, "kernels", name);
    const before = previousArgv(dir);
    writeFileAtomically(join(dir, "kernel.json"), JSON.stringify(spec, null, 2) + "\n");
    const replaced = before !== undefined && JSON.stringify(before) !== JSON.stringify(spec.argv) ? before : undefined;
    return { name, dir, spec, ...(replaced === undefined ? {} : { replaced }) };
  });
}
