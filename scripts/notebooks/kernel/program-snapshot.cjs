// @ts-check
"use strict";
// The kernel's startup snapshot: a V8 heap (`node --build-snapshot`) holding the
// project's TypeScript with the type-check program already built and warmed.
//
// A CPU profile of a cold first cell (ch37's first, empty cell cache, load 2.6) put 7.3 s
// in building the program (reading, parsing and binding 1252 files, 12 MB of
// declarations, 5.6 MB of them openai's, which pi-ai's types reach) and about 25 s in
// checking `new Agent({ … tools })`, almost all of it computing the variances of
// TypeBox's five-parameter `StaticType` alias (getVariancesWorker, once per checker).
// Neither depends on the cells: both are the same work in every new kernel. The
// snapshot does it once, when `npm run kernel:install` builds it; a kernel started from
// it has the program, the checker and what it worked out in memory at once, and still
// checks every cell in full (a cell with a type error does not run).
//
// The snapshot is for one set of inputs (`snapshotKey`): this checkout's place, Node,
// TypeScript, the kernel's code, package-lock.json and node_modules' own lock, and
// examples/ and a reader's PI_COMPANION_LISTINGS. A kernel whose inputs differ starts
// without it, as before, paying the cold price, and a rebuild starts in the background.
// A notebook opened again, whose cells the cells' cache holds, starts without it too
// (cellsCachedSinceSnapshot).
// PI_COMPANION_KERNEL_SNAPSHOT=DIR keeps it elsewhere, `=off` not at all.

const { spawn, spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { conversionCacheDir, fingerprintOf, sha256 } = require("./conversion-cache.cjs");

const SNAPSHOT_ENV = "PI_COMPANION_KERNEL_SNAPSHOT";
const LAUNCHER_ENV = "PI_COMPANION_KERNEL_LAUNCHER";
/** The global the deserialized heap hands the kernel its state by (start-kernel.cjs reads it). */
const STATE_GLOBAL = "__piCompanionKernelSnapshot";

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
 * Whether the cells' cache (conversion-cache.cjs) has stored cells since the snapshot
 * was built, from the same inputs: a notebook opened again. Its cells then come from
 * the cache without the program, and deserialising the snapshot's heap (about 190 MB;
 * kernel ready 23-31 s against Deno's 1.7-3.1 s at load 27-37) would cost more than it
 * spares, so the kernel starts plainly; a cell the cache lacks then pays for the program.
 * @param {string} projectRoot
 * @param {string} blob
 */
function cellsCachedSinceSnapshot(projectRoot, blob) {
  const cacheDir = conversionCacheDir(projectRoot);
  if (cacheDir === undefined) return false;
  try {
    const built = fs.statSync(filesOf(path.dirname(blob)).key).mtimeMs;
    return fs.readdirSync(cacheDir, { withFileTypes: true }).some((entry) => entry.isDirectory() && fs.statSync(path.join(cacheDir, entry.name)).mtimeMs > built);
  } catch {
    return false;
  }
}

/**
 * Builds the snapshot (several seconds to a minute: a whole type check of examples/).
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
 * start-kernel.cjs and the connection file), run from the snapshot when there is a
 * usable one. This process stays as the one Jupyter knows: it passes its signals on
 * (interrupt is SIGINT) and exits as the kernel does. `env` is added to the kernel's environment.
 * @param {string} projectRoot
 * @param {string[]} argv
 * @param {Record<string, string>} [env]
 */
function launchKernel(projectRoot, argv, env = {}) {
  const usable = usableSnapshot(projectRoot);
  if (usable === undefined) rebuildInBackground(projectRoot);
  const blob = usable !== undefined && !cellsCachedSinceSnapshot(projectRoot, usable) ? usable : undefined;
  // Its own process group: Jupyter interrupts a kernel by signalling its group (killpg), so a
  // child in this process's group got each SIGINT twice, once from Jupyter and once passed on
  // below, the second late under load, where it broke into the next cell ("Script execution
  // was interrupted by SIGINT") or left the kernel busy for good. Now every signal reaches the
  // kernel once, through this process; exitWithLauncher() ends the kernel if this one dies.
  const child = spawn(process.execPath, blob === undefined ? argv : ["--snapshot-blob", blob, ...argv], {
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
 * kernel starts without it.
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

/**
 * What the snapshot's heap holds for the kernel, when it started from one.
 * @typedef {{
 *   ts: typeof import("typescript"),
 *   converter: import("./converter.cjs").KernelConverter,
 *   settings: { toCommonJs: (js: string, known: Map<string, import("./stack-traces.cjs").CommonJs>) => string, tslabConverter: () => import("tslab/dist/converter").Converter, cacheDir?: string },
 * }} SnapshotState
 */

/** @returns {SnapshotState | undefined} */
function snapshotState() {
  return /** @type {Record<string, SnapshotState | undefined>} */ (/** @type {unknown} */ (globalThis))[STATE_GLOBAL];
}

module.exports = { SNAPSHOT_ENV, STATE_GLOBAL, buildSnapshot, cellsCachedSinceSnapshot, exitWithLauncher, launchKernel, snapshotDir, snapshotKey, snapshotState, usableSnapshot };

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
