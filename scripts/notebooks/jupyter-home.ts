// A Jupyter of the reader's kind for tests: Debian's Python (what .ci/run installs with
// apt) and a temporary Jupyter home, with the kernel registered by `npm run
// kernel:install` as a reader registers it.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

// Debian's Python first: a pyenv or venv python3 on PATH usually lacks the apt packages.
const PYTHONS = ["/usr/bin/python3", "python3"];

/** The first Python that can import `module`, or undefined when none can (a reader's machine). */
export function pythonWith(module: string): string | undefined {
  return PYTHONS.find((candidate) => spawnSync(candidate, ["-c", `import ${module}`], { stdio: "ignore" }).status === 0);
}

export interface TemporaryJupyter {
  /** The directory holding Jupyter's data, runtime and config folders. */
  home: string;
  /** This process's environment with JUPYTER_DATA_DIR, _RUNTIME_DIR and _CONFIG_DIR in `home`. */
  env: NodeJS.ProcessEnv;
  /** Runs `npm run kernel:install` into `home` once; returns what it printed. */
  installKernelspec(): string;
  remove(): void;
}

export function temporaryJupyter(prefix: string): TemporaryJupyter {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const env = {
    // No startup snapshot: kernel:install would build one into this checkout's .cache for
    // minutes, test files running side by side would race to write it, and a kernel started
    // from it checks a cell in a fraction of the time the tests of a first opening rely on.
    // kernel-snapshot.test.ts builds and starts its own.
    PI_COMPANION_KERNEL_SNAPSHOT: "off",
    ...process.env,
    JUPYTER_DATA_DIR: join(home, "data"),
    JUPYTER_RUNTIME_DIR: join(home, "runtime"),
    JUPYTER_CONFIG_DIR: join(home, "config"),
  };
  let installed: string | undefined;
  return {
    home,
    env,
    installKernelspec() {
      if (installed === undefined) {
        const npm = spawnSync("npm", ["run", "-s", "kernel:install"], { cwd: PROJECT_ROOT, env, encoding: "utf8" });
        assert.equal(npm.status, 0, npm.stdout + npm.stderr);
        installed = npm.stdout;
      }
      return installed;
    },
    remove: () => rmSync(home, { recursive: true, force: true }),
  };
}
