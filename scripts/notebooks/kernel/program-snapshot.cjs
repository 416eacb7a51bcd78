// @ts-check
"use strict";
// The kernel's startup snapshot: a V8 heap (`node --build-snapshot`) holding the
// project's TypeScript with the type-check program over Pi's declarations and examples/
// built, from which a kernel starts its check service (check-service.cjs).
//
// A cold first cell built the program (reading, parsing and binding 701 files, with the
// providers' SDKs stubbed: deferred-declarations.cjs) and worked out TypeBox's variances,
// which the variance store keeps (scripts/toolchain/typescript-variances.cjs). The
// snapshot's build does both once, when `npm run kernel:install` runs: it checks
// examples/ in a converter it drops, so the store holds the variances, and keeps the
// program unchecked. Idle, 2 cores (2026-12-07), ch37's first cell answered at about 2 s
// from the kernel's spawn this way, against 4.1 to 4.2 s from a kernel started from a
// snapshot of the program checked (141 MB, 3 s to deserialise, 589 MB resident, before
// the kernel could answer kernel_info) and 4.1 to 4.3 s from a kernel checking it itself:
// the kernel starts plainly (about 0.9 s) while the service deserialises its 63 MB
// (1.2 s, 233 MB) on the other core. Every cell is still checked in full.
//
// The snapshot is for one set of inputs (`snapshotKey`): this checkout's place, Node,
// TypeScript, the kernel's code, package-lock.json and node_modules' own lock, and
// examples/ and a reader's PI_COMPANION_LISTINGS. A kernel whose inputs differ has no
// service and checks cells itself, paying the cold price, and a rebuild starts in the
// background. PI_COMPANION_KERNEL_SNAPSHOT=DIR keeps it elsewhere, `=off` not at all.

const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { fingerprintOf, sha256 } = require("./conversion-cache.cjs");

const SNAPSHOT_ENV = "PI_COMPANION_KERNEL_SNAPSHOT";
const LAUNCHER_ENV = "PI_COMPANION_KERNEL_LAUNCHER";

/**
 * The directory holding `kernel.blob` and `kernel.key`, or undefined when turned off.
 * @param {string} projectRoot
 * @param {NodeJS.ProcessEnv} [env]
 */
function snapshotDir(projectRoot, env = process.env) {
  const chosen = env[SNAPSHOT_ENV];
  if (chosen === "off") return undefined;
  return chosen !== undefined && chosen !== "" ? path.resolve(chosen) : path.join(projectRoot, ".cache", "kernel-snapshot");
}

/** @param {string} file */
const hashOrAbsent = (file) => (fs.existsSync(file) ? sha256(fs.readFileSync(file)) : "absent");

/**
 * What a snapshot was built from: a kernel uses one only when this is unchanged.
 * @param {string} projectRoot
 */
function snapshotKey(projectRoot) {
  const typescriptPackage = require.resolve("typescript/package.json", { paths: [projectRoot] });
  const ts = { version: JSON.parse(fs.readFileSync(typescriptPackage, "utf8")).version };
  return sha256(
    [
      // The compiler options come from the kernel's code, which the fingerprint hashes.
      fingerprintOf({ ts, options: {}, projectRoot, kernelDir: __dirname }),
      `project ${projectRoot}`,
      `node ${process.execPath} ${process.version} ${process.arch}`,
      `installed ${hashOrAbsent(path.join(projectRoot, "node_modules", ".package-lock.json"))}`,
    ].join("\n"),
  );
}

/** @param {string} dir */
const filesOf = (dir) => ({ blob: path.join(dir, "kernel.blob"), key: path.join(dir, "kernel.key") });

/**
 * The snapshot blob a kernel can start from now, or undefined (none, off, or built from other inputs).
 * @param {string} projectRoot
 */
function usableSnapshot(projectRoot) {
  const dir = snapshotDir(projectRoot);
  if (dir === undefined) return undefined;
  const { blob, key } = filesOf(dir);
  try {
    return fs.readFileSync(key, "utf8") === snapshotKey(projectRoot) && fs.existsSync(blob) ? blob : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the snapshot (tens of seconds: a whole type check of examples/, then the program).
 * The blob is written under a temporary name and renamed; the key is written last, so
 * a build that fails or is killed leaves no snapshot a kernel would use.
 * @param {string} projectRoot
 * @returns {{ kind: "built", dir: string, ms: number, bytes: number } | { kind: "off" } | { kind: "failed", message: string }}
 */
function buildSnapshot(projectRoot) {
  const dir = snapshotDir(projectRoot);
  if (dir === undefined) return { kind: "off" };
  const { blob, key } = filesOf(dir);
  const inputs = snapshotKey(projectRoot);
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(key, { force: true });
  const temporary = `${blob}.${process.pid}.tmp`;
  const started = performance.now();
  // --no-warnings: Node warns that vm and perf_hooks are "not yet fully verified" in a
  // snapshot builder; the kernel's tests run cells from the snapshot.
  const run = spawnSync(process.execPath, ["--no-warnings", "--snapshot-blob", temporary, "--build-snapshot", path.join(__dirname, "snapshot-entry.cjs"), require.resolve("typescript", { paths: [projectRoot] }), projectRoot], {
    cwd: projectRoot,
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0 || !fs.existsSync(temporary)) {
    fs.rmSync(temporary, { force: true });
    const why = run.error?.message ?? (run.stderr.trim().split("\n").at(-1) || `exit status ${run.status}`);
    return { kind: "failed", message: `building the kernel's startup snapshot failed: ${why}` };
  }
  fs.renameSync(temporary, blob);
  fs.writeFileSync(key, inputs);
  return { kind: "built", dir, ms: performance.now() - started, bytes: fs.statSync(blob).size };
}

/**
 * Starts the kernel: `argv` is the kernel's Node command line less Node (its flags, then
 * start-kernel.cjs and the connection file); when the snapshot is missing its inputs, a
 * rebuild starts for the next kernel. This process stays as the one Jupyter knows: it passes its signals on
 * (interrupt is SIGINT) and exits as the kernel does. `env` is added to the kernel's environment.
 * @param {string} projectRoot
 * @param {string[]} argv
 * @param {Record<string, string>} [env]
 */
function launchKernel(projectRoot, argv, env = {}) {
  if (usableSnapshot(projectRoot) === undefined) rebuildInBackground(projectRoot);
  // Its own process group: Jupyter interrupts a kernel by signalling its group (killpg), so a
  // child in this process's group got each SIGINT twice, once from Jupyter and once passed on
  // below, the second late under load, where it broke into the next cell ("Script execution
  // was interrupted by SIGINT") or left the kernel busy for good. Now every signal reaches the
  // kernel once, through this process; exitWithLauncher() ends the kernel if this one dies.
  const child = spawn(process.execPath, argv, {
    stdio: "inherit",
    detached: true,
    env: { ...process.env, ...env, [LAUNCHER_ENV]: String(process.pid) },
  });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT"])) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("error", (error) => {
    console.error(`the kernel did not start: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 1 : 128 + (require("node:os").constants.signals[signal] ?? 0))));
  endWithClient(child);
}

/**
 * Ends the kernel once the client that started it is gone, as ipykernel's parent poller
 * does: jupyter_client names itself in JPY_PARENT_PID (the project's own client does too).
 * A client that crashed or was killed (a Jupyter server, `npm run notebooks`) left this
 * launcher and its kernel running for good: six on this machine in an afternoon, the oldest
 * 1.7 h old. A client's end reparents this process, so its parent is then another.
 * @param {import("node:child_process").ChildProcess} kernel
 */
function endWithClient(kernel) {
  const client = Number(process.env.JPY_PARENT_PID);
  // pid 1 never goes away, only takes orphans in.
  if (!Number.isInteger(client) || client <= 1 || process.ppid !== client) return;
  setInterval(() => {
    if (process.ppid === client) return;
    kernel.kill("SIGTERM");
    setTimeout(() => kernel.kill("SIGKILL"), 2000).unref();
  }, 1000).unref();
}

/**
 * When kernel:install built a snapshot that its inputs have since outgrown (an edit
 * under examples/, another install), builds it again for the next kernel, in a process
 * of its own at the lowest priority, one at a time (`rebuild.lock` holds its pid). This
 * kernel has no check service.
 * @param {string} projectRoot
 */
function rebuildInBackground(projectRoot) {
  const dir = snapshotDir(projectRoot);
  if (dir === undefined || !fs.existsSync(filesOf(dir).blob)) return;
  const lock = path.join(dir, "rebuild.lock");
  try {
    const holder = Number(fs.readFileSync(lock, "utf8"));
    process.kill(holder, 0);
    return;
  } catch {
    // No lock, or its process is gone.
  }
  try {
    const child = spawn(process.execPath, [__filename, "--rebuild", projectRoot], { detached: true, stdio: "ignore" });
    fs.writeFileSync(lock, String(child.pid));
    if (child.pid !== undefined) require("node:os").setPriority(child.pid, 19);
    child.unref();
  } catch {
    // A snapshot that cannot be rebuilt costs the next kernel time, never a cell.
  }
}

/** In a kernel launchKernel started: exit when the launcher is gone (killed), as the kernel Jupyter knows would have. */
function exitWithLauncher() {
  const launcher = Number(process.env[LAUNCHER_ENV]);
  delete process.env[LAUNCHER_ENV];
  if (!Number.isInteger(launcher) || launcher <= 0) return;
  setInterval(() => {
    if (process.ppid !== launcher) process.exit(1);
  }, 1000).unref();
}

module.exports = { SNAPSHOT_ENV, buildSnapshot, exitWithLauncher, launchKernel, snapshotDir, snapshotKey, usableSnapshot };

// `node program-snapshot.cjs --rebuild PROJECT_ROOT`: rebuildInBackground's process.
if (require.main === module && process.argv[2] === "--rebuild" && process.argv[3] !== undefined) {
  const projectRoot = process.argv[3];
  try {
    buildSnapshot(projectRoot);
  } finally {
    const dir = snapshotDir(projectRoot);
    if (dir !== undefined) fs.rmSync(path.join(dir, "rebuild.lock"), { force: true });
  }
}
