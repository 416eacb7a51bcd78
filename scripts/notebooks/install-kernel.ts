// Registers the project's kernel with the reader's own Jupyter, JupyterLab or VS Code:
//   npm run kernel:install
// The kernelspec holds absolute paths to this checkout and to the Node running this
// script, so run it again after moving the checkout or changing Node.
import { requirePinnedPi } from "../toolchain/pin.ts";
import { commandLine } from "../lib/cli.ts";
import { KERNEL_NAME, resolvedKernelSpec } from "./kernelspec.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { installKernel, jupyterDataDir } from "./register-kernel.ts";
import { buildSnapshot } from "./kernel-snapshot.ts";

function main(): number {
  commandLine({
    name: "kernel:install",
    usage: "usage: npm run kernel:install",
    details:
      "Registers this checkout's TypeScript kernel with your Jupyter, JupyterLab or VS Code.\n" +
      "Set JUPYTER_DATA_DIR to install it elsewhere than Jupyter's own data folder.",
    options: {},
  });
  // A kernel on a Node too old to require() ES modules could not import Pi.
  requirePinnedPi();
  const dir = installKernel(jupyterDataDir());
  const spec = resolvedKernelSpec();
  process.stdout.write(
    [
      `installed the Jupyter kernel "${KERNEL_NAME}" (${spec.display_name}) in ${dir}`,
      `it runs ${spec.argv[0]} and this checkout (${PROJECT_ROOT}); run this again after moving either`,
    ].join("\n") + "\n",
  );
  // The type-check program over Pi's declarations, built and checked once, so that a
  // first opening does not pay for it (kernel/program-snapshot.cjs).
  process.stdout.write("building the kernel's startup snapshot (a type check of examples/; up to a minute)…\n");
  const snapshot = buildSnapshot(PROJECT_ROOT);
  if (snapshot.kind === "failed") {
    process.stderr.write(`${snapshot.message}\nthe kernel is installed and works without it, paying the type-check program at every start\n`);
    return 1;
  }
  process.stdout.write(
    [
      snapshot.kind === "built"
        ? `built it in ${(snapshot.ms / 1000).toFixed(1)} s (${(snapshot.bytes / 1e6).toFixed(0)} MB in ${snapshot.dir}); a kernel starts without it once examples/, node_modules or PI_COMPANION_LISTINGS change: run this again then`
        : "PI_COMPANION_KERNEL_SNAPSHOT=off: no startup snapshot",
      `open notebooks/*.ipynb in Jupyter, JupyterLab or VS Code and pick that kernel`,
    ].join("\n") + "\n",
  );
  return 0;
}

process.exitCode = main();
