// @ts-check
"use strict";
// The command kernel.json registers: `node launch-kernel.cjs KERNEL_FLAGS… start-kernel.cjs CONNECTION_FILE`.
// It starts the kernel (the rest of its command line, with this Node) from the kernel's
// startup snapshot when one built from the current inputs exists (program-snapshot.cjs),
// and plainly otherwise. It loads nothing else: tsx's hooks and tslab load in the kernel.
const path = require("node:path");
const { launchKernel } = require("./program-snapshot.cjs");

launchKernel(path.resolve(__dirname, "..", "..", ".."), process.argv.slice(2));
