// @ts-check
"use strict";
// A kernel that starts without its startup snapshot checks a cell the cells' cache lacks
// in a second process started from the snapshot: the check service.
//
// A notebook opened again starts plainly (program-snapshot.cjs: deserialising the
// snapshot's heap costs more than cells that all come from the cache). A cell of the
// reader's own, or one the cache lost, then built the type-check program over Pi's
// declarations and worked out TypeBox's variances in a fresh checker: 7 to 9 s of CPU
// at idle, where the snapshot has both. The service is started from the same snapshot
// once the kernel is up (about 1.5 s of CPU and 190 MB beside it, while the reader reads
// the notebook's cells from the cache; started on the first such cell instead, that cell
// waited 1.3 to 1.5 s for it), checks each cell after the texts of the cells
// before it, stores it in the cells' cache as a kernel would, and hands the kernel the
// stored entry (or the diagnostics); the kernel runs it as a cell from the cache. The
// kernel waits for the answer between the executor's two passes (check-before-run.cjs),
// so an interrupt cancels the cell at once. Completion and inspection, which need the
// program too, are answered there as well (the first Tab took 1.75 to 4.97 s). Without
// a usable snapshot, or when the service fails, the kernel checks the cell itself, as
// before.

const { spawn } = require("node:child_process");
const path = require("node:path");

/** @typedef {import("./converter.cjs").KernelConverter} KernelConverter */
/** @typedef {import("./converter.cjs").ServedCheck} ServedCheck */
/** @typedef {import("./converter.cjs").ServedProbe} ServedProbe */
/** @typedef {{ id: number, chain: string[], src: string, probe?: { kind: "complete" | "inspect", position: number } }} CheckRequest */

const SERVICE_ENTRY = __filename;

/**
 * The kernel's side: checks cells in a service started from `blob()` by `warm()` or the first request.
 * `blob()` is the usable snapshot at that moment, or undefined (then there is no service).
 * @param {() => string | undefined} blob
 */
function createCheckService(blob) {
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  let unavailable = false;
  let next = 0;
  /** @type {Map<number, (reply: any) => void>} */
  const waiting = new Map();

  /** @param {string} message */
  const failAll = (message) => {
    for (const answer of waiting.values()) answer({ kind: "failed", message });
    waiting.clear();
  };

  function start() {
    const from = blob();
    if (from === undefined) {
      unavailable = true;
      return undefined;
    }
    const started = spawn(process.execPath, ["--snapshot-blob", from, SERVICE_ENTRY], {
      stdio: ["ignore", "ignore", "inherit", "ipc"],
      env: process.env,
    });
    started.on("message", (/** @type {{ id: number, reply: ServedCheck }} */ message) => {
      waiting.get(message.id)?.(message.reply);
      waiting.delete(message.id);
    });
    started.on("error", (error) => {
      unavailable = true;
      failAll(`the check service did not start: ${error.message}`);
    });
    started.on("exit", (code, signal) => {
      child = undefined;
      unavailable = true;
      failAll(`the check service ended (${signal ?? `exit status ${code}`})`);
    });
    // Neither the process nor its channel keeps the kernel alive.
    started.unref();
    started.channel?.unref();
    return started;
  }

  /** The running service, started if it was not; undefined when there is none. */
  const running = () => (unavailable ? undefined : (child ??= start()));

  /**
   * Sends `request` (less its id); undefined when there is no service.
   * @param {Omit<CheckRequest, "id">} request
   */
  function ask(request) {
    const service = running();
    if (service === undefined) return undefined;
    const id = ++next;
    return new Promise((answer) => {
      waiting.set(id, answer);
      service.send(/** @type {CheckRequest} */ ({ id, ...request }));
    });
  }

  return {
    /**
     * `src` checked after the cells `chain` holds, or undefined when there is no service.
     * @param {string[]} chain
     * @param {string} src
     * @returns {Promise<ServedCheck> | undefined}
     */
    check: (chain, src) => ask({ chain, src }),
    /**
     * Completion or inspection at `position` in `src` after the cells `chain` holds, or undefined when there is no service.
     * @param {"complete" | "inspect"} kind
     * @param {string[]} chain
     * @param {string} src
     * @param {number} position
     * @returns {Promise<ServedProbe> | undefined}
     */
    probe: (kind, chain, src, position) => ask({ chain, src, probe: { kind, position } }),
    /**
     * Starts the service now, when there is a usable snapshot: the kernel does so once it
     * is up, so that a reader's first own cell does not wait for the service's start.
     */
    warm() {
      running();
    },
    stop() {
      child?.kill();
    },
  };
}

/**
 * The converter with `prepare(prevDecl, src)`: for a cell the cells' cache lacks, asks the
 * service to check it and resolves when the answer is in, after which `convert()` of the
 * same cell takes it (undefined when there is nothing to wait for: the cell is cached, or
 * there is no service, and `convert()` does the rest); `prepareProbe` likewise for
 * `complete()` and `inspect()`.
 * @param {KernelConverter} converter
 * @param {ReturnType<typeof createCheckService>} service
 */
function withCheckService(converter, service) {
  /** @type {Map<string, unknown>} answers kept for the next convert(), complete() or inspect() with the same arguments */
  const prepared = new Map();
  /**
   * @param {"convert" | "complete" | "inspect"} kind
   * @param {string} prevDecl
   * @param {string} src
   * @param {number} [position]
   */
  const keyOf = (kind, prevDecl, src, position = 0) => `${kind}\0${prevDecl}\0${position}\0${src}`;
  /** @param {string} key */
  const take = (key) => {
    const answer = prepared.get(key);
    prepared.delete(key);
    return answer;
  };
  /**
   * @param {"complete" | "inspect"} kind
   * @returns {(prevDecl: string, src: string, position: number) => any}
   */
  const preparedOr = (kind) => (prevDecl, src, position) => {
    const key = keyOf(kind, prevDecl, src, position);
    return prepared.has(key) ? take(key) : converter[kind](prevDecl, src, position);
  };
  return {
    ...converter,
    /**
     * A cell the cells' cache holds: keeps its entry (convert() then reads the cache no
     * second time), and there is nothing to wait for.
     * @param {string} prevDecl
     * @param {string} src
     * @returns {Promise<void> | undefined}
     */
    prepare(prevDecl, src) {
      const key = keyOf("convert", prevDecl, src);
      const stored = converter.cachedEntry(prevDecl, src);
      if (stored !== undefined) {
        prepared.set(key, { kind: "entry", entry: stored });
        return undefined;
      }
      prepared.delete(key);
      return service.check(converter.chainOf(prevDecl), src)?.then((reply) => {
        prepared.set(key, reply);
      });
    },
    /**
     * @param {string} prevDecl
     * @param {string} src
     */
    convert(prevDecl, src) {
      const reply = /** @type {ServedCheck | undefined} */ (take(keyOf("convert", prevDecl, src)));
      if (reply?.kind === "entry") return converter.convertWithEntry(prevDecl, src, reply.entry);
      if (reply?.kind === "diagnostics") return { diagnostics: reply.diagnostics };
      return converter.convert(prevDecl, src);
    },
    /**
     * For a completion or an inspection: asks the service, whose program is built, and
     * resolves when the answer is in, after which `complete()` or `inspect()` with the same
     * arguments takes it (undefined when there is no service).
     * @param {"complete" | "inspect"} kind
     * @param {string} prevDecl
     * @param {string} src
     * @param {number} position
     * @returns {Promise<void> | undefined}
     */
    prepareProbe(kind, prevDecl, src, position) {
      return service.probe(kind, converter.chainOf(prevDecl), src, position)?.then((reply) => {
        if (reply.kind === "probed") prepared.set(keyOf(kind, prevDecl, src, position), reply.answer);
      });
    },
    complete: preparedOr("complete"),
    inspect: preparedOr("inspect"),
    close() {
      service.stop();
      converter.close();
    },
  };
}

/**
 * The service's side, run by the snapshot's main function (run-from-snapshot.cjs): answers
 * each request with the snapshot's converter, given the kernel's settings, until the
 * kernel is gone.
 * @param {import("./program-snapshot.cjs").SnapshotState} state
 */
function serveChecks(state) {
  const { conversionCacheDir } = require("./conversion-cache.cjs");
  const { toCommonJsKeepingMaps } = require("./stack-traces.cjs");
  const projectRoot = path.resolve(__dirname, "..", "..", "..");
  Object.assign(state.settings, {
    toCommonJs: (/** @type {string} */ js, /** @type {Map<string, import("./stack-traces.cjs").CommonJs>} */ known) => toCommonJsKeepingMaps(state.ts, js, projectRoot, known),
    cacheDir: conversionCacheDir(projectRoot),
  });
  // The kernel's interrupts are for its cells, not for this process.
  process.on("SIGINT", () => {});
  process.on("disconnect", () => process.exit(0));
  process.on("message", (/** @type {CheckRequest} */ request) => {
    /** @type {ServedCheck | ServedProbe} */
    let reply;
    try {
      const { chain, src, probe } = request;
      reply = probe === undefined ? state.converter.entryAfter(chain, src) : state.converter.probeAfter(probe.kind, chain, src, probe.position);
    } catch (error) {
      reply = { kind: "failed", message: error instanceof Error ? error.message : String(error) };
    }
    process.send?.({ id: request.id, reply });
  });
}

module.exports = { createCheckService, withCheckService, serveChecks, SERVICE_ENTRY };
