import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, isAbsolute, join } from "node:path";
import { test } from "node:test";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { KERNEL_NAME, type KernelSpec } from "./kernelspec.ts";
import { installKernel, jupyterDataDir } from "./register-kernel.ts";

test("kernel:install: JUPYTER_DATA_DIR wins over the platform default", () => {
  assert.equal(jupyterDataDir({ JUPYTER_DATA_DIR: "/srv/jupyter" }, "linux", "/home/r"), "/srv/jupyter");
});

test("kernel:install: the platform's user data directory otherwise (Linux honours XDG_DATA_HOME)", () => {
  assert.equal(jupyterDataDir({}, "linux", "/home/r"), "/home/r/.local/share/jupyter");
  assert.equal(jupyterDataDir({ XDG_DATA_HOME: "/x" }, "linux", "/home/r"), "/x/jupyter");
  assert.equal(jupyterDataDir({}, "darwin", "/Users/r"), "/Users/r/Library/Jupyter");
});

test("kernel:install: writes kernels/pi-companion-tslab/kernel.json (the checkout the notebook is in) and this checkout's own, with absolute paths to it and Node", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "pi-jupyter-"));
  try {
    const [shared, own] = installKernel(dataDir, "/home/r/Pi Book");
    assert.equal(shared!.dir, join(dataDir, "kernels", KERNEL_NAME));
    assert.equal(own!.dir, join(dataDir, "kernels", `${KERNEL_NAME}-pi-book`));
    const entries = [shared!, own!].map((kernel) => {
      const spec = JSON.parse(readFileSync(join(kernel.dir, "kernel.json"), "utf8")) as KernelSpec;
      assert.equal(spec.argv[0], process.execPath);
      assert.ok(spec.argv.includes("--conditions=import"));
      assert.equal(spec.argv.at(-1), "{connection_file}");
      assert.equal(spec.language, "typescript");
      // launch-kernel.cjs starts the kernel's entry, the last .cjs, from the startup snapshot when it can.
      const scripts = spec.argv.filter((arg) => arg.endsWith(".cjs"));
      assert.ok(scripts.every((arg) => isAbsolute(arg) && existsSync(arg)));
      assert.equal(basename(scripts[0]!), "launch-kernel.cjs");
      return basename(scripts.at(-1)!);
    });
    assert.deepEqual(entries, ["checkout-kernel.cjs", "start-kernel.cjs"]);
    assert.equal(own!.spec.display_name, "TypeScript (Pi companion, tslab, Pi Book)");
    assert.deepEqual([shared!.replaced, own!.replaced], [undefined, undefined]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("kernel:install: says which kernelspec it replaced (another checkout's), and not when it rewrites its own", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "pi-jupyter-"));
  try {
    const other = ["/usr/bin/node", "/srv/other/scripts/notebooks/kernel/start-kernel.cjs", "{connection_file}"];
    mkdirSync(join(dataDir, "kernels", KERNEL_NAME), { recursive: true });
    writeFileSync(join(dataDir, "kernels", KERNEL_NAME, "kernel.json"), JSON.stringify({ argv: other, display_name: "x", language: "typescript" }));
    assert.deepEqual(installKernel(dataDir)[0]!.replaced, other);
    assert.deepEqual(
      installKernel(dataDir).map((kernel) => kernel.replaced),
      [undefined, undefined],
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("kernel:install with PI_COMPANION_KERNEL_SNAPSHOT=off says there is no snapshot, and never that it is building one", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "pi-jupyter-"));
  try {
    const ran = spawnSync(process.execPath, asNpmRunsIt(join(PROJECT_ROOT, "scripts", "notebooks", "install-kernel.ts"), []), {
      cwd: PROJECT_ROOT,
      env: { ...process.env, JUPYTER_DATA_DIR: dataDir, PI_COMPANION_KERNEL_SNAPSHOT: "off" },
      encoding: "utf8",
    });
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stdout, /^PI_COMPANION_KERNEL_SNAPSHOT=off: no startup snapshot$/m);
    assert.doesNotMatch(ran.stdout, /building the kernel's startup snapshot/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
