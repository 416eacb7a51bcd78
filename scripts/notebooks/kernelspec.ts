import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the kernel's files live in this checkout. */
export const KERNEL_DIR = join(dirname(fileURLToPath(import.meta.url)), "kernel");

/** What the kernel and its clients agree on; the kernel (plain CommonJS) reads it too. */
interface KernelContract {
  kernelName: string;
  typeErrorName: string;
  escapedErrorName: string;
  pendingWorkField: string;
  languageInfo: Record<string, unknown>;
}

const contract = JSON.parse(readFileSync(join(KERNEL_DIR, "contract.json"), "utf8")) as KernelContract;

/** The kernelspec name notebooks name in `metadata.kernelspec.name`. */
export const KERNEL_NAME: string = contract.kernelName;

/** The `ename` the kernel gives a cell that does not type-check. */
export const TYPE_ERROR_NAME: string = contract.typeErrorName;

/** The `ename` of an error that escaped its cell; escaped-error lines start with it too. */
export const ESCAPED_ERROR_NAME: string = contract.escapedErrorName;

/**
 * The execute_reply field in which the kernel counts what a cell left running (timers,
 * sockets, child processes) by resource type, `{ Timeout: 1 }`; `{}` when nothing.
 */
export const PENDING_WORK_FIELD: string = contract.pendingWorkField;

/**
 * The `language_info` the kernel's kernel_info_reply carries, which Jupyter writes into
 * a notebook's metadata when it saves one: the generator writes the same, so opening and
 * saving a notebook adds no diff. The version is the TypeScript that checks the cells.
 */
export const LANGUAGE_INFO: Record<string, unknown> = {
  ...contract.languageInfo,
  // Read, not imported: loading TypeScript itself costs every command that names the kernel.
  version: (JSON.parse(readFileSync(createRequire(import.meta.url).resolve("typescript/package.json"), "utf8")) as { version: string }).version,
};

/** A Jupyter kernelspec (kernel.json). */
export interface KernelSpec {
  argv: string[];
  display_name: string;
  language: string;
  interrupt_mode?: "signal" | "message";
}

/**
 * The project's kernelspec with absolute paths filled in: the Node that runs this
 * process and this checkout's kernel directory. `{connection_file}` stays for Jupyter.
 */
export function resolvedKernelSpec(node: string = process.execPath): KernelSpec {
  const template = JSON.parse(readFileSync(join(KERNEL_DIR, "kernel.json"), "utf8")) as KernelSpec;
  return {
    ...template,
    argv: template.argv.map((arg) =>
      arg.replaceAll("{node}", node).replaceAll("{kernel_dir}", KERNEL_DIR).replaceAll("{tsx_esm}", import.meta.resolve("tsx/esm")),
    ),
  };
}

/**
 * The kernelspec the notebooks name (KERNEL_NAME): it runs the kernel of the checkout the
 * notebook is in (kernel/checkout-kernel.cjs), whichever checkout installed it, so every
 * checkout's committed notebooks carry the same name.
 */
export function notebookKernelSpec(node: string = process.execPath): KernelSpec {
  const spec = resolvedKernelSpec(node);
  return { ...spec, argv: spec.argv.map((arg) => (arg === join(KERNEL_DIR, "start-kernel.cjs") ? join(KERNEL_DIR, "checkout-kernel.cjs") : arg)) };
}

/**
 * This checkout's own kernel, named after its folder (`pi-companion-tslab-pi-book`), for
 * picking it by hand; Jupyter's kernel names are letters, digits, `.`, `_` and `-`.
 */
export function checkoutKernelName(checkout: string): string {
  const folder = basename(checkout).toLowerCase().replace(/[^a-z0-9._-]+/g, "-");
  return `${KERNEL_NAME}-${folder}`;
}

/** This checkout's own kernelspec, its display name saying which checkout it runs. */
export function checkoutKernelSpec(checkout: string, node: string = process.execPath): KernelSpec {
  const spec = resolvedKernelSpec(node);
  return { ...spec, display_name: `${spec.display_name.replace(/\)$/, "")}, ${basename(checkout)})` };
}
