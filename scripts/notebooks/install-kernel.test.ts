import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { test } from "node:test";
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

test("kernel:install: writes kernels/pi-companion-tslab/kernel.json with absolute paths to this checkout and Node", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "pi-jupyter-"));
  try {
    const dir = installKernel(dataDir);
    assert.equal(dir, join(dataDir, "kernels", KERNEL_NAME));
    const spec = JSON.parse(readFileSync(join(dir, "kernel.json"), "utf8")) as KernelSpec;
    assert.equal(spec.argv[0], process.execPath);
    assert.ok(spec.argv.includes("--conditions=import"));
    const entry = spec.argv.find((arg) => arg.endsWith("start-kernel.cjs"));
    assert.ok(entry !== undefined && isAbsolute(entry) && existsSync(entry));
    assert.equal(spec.argv.at(-1), "{connection_file}");
    assert.equal(spec.language, "typescript");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
