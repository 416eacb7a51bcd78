// @ts-check
"use strict";
// The deserialized heap's entry (snapshot-entry.cjs hands it the state built into the
// snapshot): apart from program-snapshot.cjs, which start-kernel.cjs reads, so that neither
// requires the other.
const path = require("node:path");
const { STATE_GLOBAL } = require("./program-snapshot.cjs");
const { SERVICE_ENTRY } = require("./check-service.cjs");

/**
 * Run by the deserialized heap's main function. Node ignores `--import` in a process
 * started from a snapshot, and a function compiled into the snapshot cannot import();
 * this module is loaded fresh, so it registers any `--import` modules itself (the
 * kernelspec gives the kernel none: tsx's hooks are for its children, child-flags.cjs),
 * then runs start-kernel.cjs (or a kernel's check service). `--snapshot-blob` leaves process.execArgv, which a cell
 * hands a child Node it starts on a `.ts` file.
 * @param {import("./program-snapshot.cjs").SnapshotState} state
 */
async function runKernelFromSnapshot(state) {
  const argv = process.execArgv;
  const at = argv.indexOf("--snapshot-blob");
  if (at >= 0) argv.splice(at, 2);
  /** @type {Record<string, import("./program-snapshot.cjs").SnapshotState>} */ (/** @type {unknown} */ (globalThis))[STATE_GLOBAL] = state;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = flag === "--import" ? argv[i + 1] : flag?.startsWith("--import=") ? flag.slice("--import=".length) : undefined;
    if (value === undefined) continue;
    await import(value.startsWith("file:") ? value : require("node:url").pathToFileURL(path.resolve(value)).href);
  }
  // A kernel started plainly starts this heap for its check service (check-service.cjs).
  if (process.argv[1] === SERVICE_ENTRY) require("./check-service.cjs").serveChecks(state);
  else require("./start-kernel.cjs");
}

module.exports = { runKernelFromSnapshot };
