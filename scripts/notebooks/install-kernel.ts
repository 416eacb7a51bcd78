// Registers the project's kernel with the reader's own Jupyter, JupyterLab or VS Code:
//   npm run kernel:install
// Two kernelspecs: the one the notebooks name, which runs the checkout a notebook is in,
// and this checkout's own, named after its folder. Both hold absolute paths to this
// checkout and to the Node running this script, so run it again after moving the
// checkout or changing Node.
import { requirePinnedPi } from "../toolchain/pin.ts";
import { commandLine } from "../lib/cli.ts";
import { basename, resolve } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { installKernel, jupyterDataDir } from "./register-kernel.ts";
import { KERNEL_NAME } from "./kernelspec.ts";
import { buildSnapshot, snapshotDir } from "./kernel-snapshot.ts";

/** What an earlier kernelspec of that name ran, from its argv. */
function installedFrom(name: string, argv: string[]): string {
  const entry = argv.findLast((arg) => /[\\/]scripts[\\/]notebooks[\\/]kernel[\\/][^\\/]+\.cjs$/.test(arg));
  if (entry === undefined) return `ran ${argv.join(" ")}`;
  const checkout = resolve(entry, "..", "..", "..", "..");
  if (basename(entry) !== "start-kernel.cjs") return `was installed from ${checkout}`;
  return name === KERNEL_NAME ? `ran ${checkout}'s code for every checkout's notebooks` : `ran ${checkout}`;
}

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
  const [shared, own] = installKernel(jupyterDataDir());
  const lines = [
    `installed the Jupyter kernel "${shared!.name}" (${shared!.spec.display_name}) in ${shared!.dir}: the kernel the notebooks name; it runs the checkout the notebook is in`,
    `installed the Jupyter kernel "${own!.name}" (${own!.spec.display_name}) in ${own!.dir}: this checkout's (${PROJECT_ROOT}), whichever notebook picks it`,
  ];
  for (const kernel of [shared!, own!]) {
    if (kernel.replaced !== undefined) lines.push(`replaced the "${kernel.name}" that ${installedFrom(kernel.name, kernel.replaced)}`);
  }
  lines.push(`both run ${own!.spec.argv[0]}; run this again after moving this checkout or changing Node`);
  process.stdout.write(lines.join("\n") + "\n");
  // The type-check program over Pi's declarations, built and checked once, so that a
  // first opening does not pay for it (kernel/program-snapshot.cjs).
  // Announced only when it will be built: with the snapshot turned off there is nothing to wait for.
  if (snapshotDir(PROJECT_ROOT) !== undefined)
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
      `open notebooks/*.ipynb in Jupyter Notebook, JupyterLab or VS Code: they name "${shared!.name}"`,
    ].join("\n") + "\n",
  );
  return 0;
}

process.exitCode = main();
