// @ts-check
"use strict";
// The command kernel.json registers: `node launch-kernel.cjs --child-import=URL KERNEL_FLAGS…
// start-kernel.cjs CONNECTION_FILE` (or checkout-kernel.cjs, for the kernelspec the
// notebooks name). It starts the kernel (the rest of its command line, with this Node), and
// a rebuild of the kernel's startup snapshot when its inputs changed (program-snapshot.cjs).
// `--child-import` is its own: the module
// the kernel's children get and the kernel does not load (child-flags.cjs, tsx's ES module
// hooks). It loads nothing else: tslab loads in the kernel.
const path = require("node:path");
const { launchKernel } = require("./program-snapshot.cjs");
const { checkoutOf } = require("./checkout-kernel.cjs");
const { takeChildFlags } = require("./child-flags.cjs");

const installer = path.resolve(__dirname, "..", "..", "..");
const { argv, env } = takeChildFlags(process.argv.slice(2));
// The notebooks' kernelspec runs the checkout the notebook is in: its snapshot, not the
// installing checkout's, holds the program that checkout's check service checks against.
const runsNotebooksCheckout = argv.some((arg) => path.basename(arg) === "checkout-kernel.cjs");
launchKernel(runsNotebooksCheckout ? (checkoutOf(process.cwd()) ?? installer) : installer, argv, env);
