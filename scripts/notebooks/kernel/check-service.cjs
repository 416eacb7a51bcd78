// @ts-check
"use strict";
// A kernel checks a cell the cells' cache lacks in a second process started from the
// kernel's startup snapshot (program-snapshot.cjs): the check service.
//
// The kernel starts plainly and starts the service first thing, so that the service
// deserialises the program (about 1.2 s) on the other core while the kernel loads tslab
// and answers kernel_info (about 0.9 s), at a first opening and a second alike. A cell
// that is in the cells' cache runs from there without the service. Any other (a reader's
// own, or every cell of a first opening) the service checks after the texts of the cells
// before it, stores in the cells' cache as a kernel would, and hands the kernel the
// stored entry (or the diagnostics); the kernel runs it as a cell from the cache. The
// kernel waits for the answer between the executor's two passes (check-before-run.cjs),
// so an interrupt cancels the cell at once. Completion and inspection, which need the
// program too, are answered there as well (the first Tab took 1.75 to 4.97 s). Without
// a usable snapshot, or when the service fails, the kernel checks the cell itself: a
// cold first cell then builds the program in the kernel.

const { spawn } = require("node:child_process");
const path = require("node:path");

/** @typedef {import("./converter.cjs").KernelConverter} KernelConverter */
/** @typedef {import("./converter.cjs").ServedCheck} ServedCheck */
/** @typedef {import("./converter.cjs").ServedProbe} ServedProbe */
/** @typedef {{ id: number, chain: string[], src: string, probe?: { kind: "complete" | "inspect", position: number } }} CheckRequest */
/**
 * What the snapshot's heap holds for the service (snapshot-entry.cjs): its TypeScript, and
 * the converter with the program built, whose settings the service fills in.
 * @typedef {{
 *   ts: typeof import("typescript"),
 *   converter: KernelConverter,
 *   settings: { toCommonJs: (js: string, known: Map<string, import("./stack-traces.cjs").CommonJs>) => string, tslabConverter: () => import("tslab/dist/converter").Converter, cacheDir?: string },
 * }} ServiceState
 */

const SERVICE_ENTRY = __filename;
/** How long the kernel waits for an answer before it checks the cell itself (a cold check under load takes tens of seconds). */
const ANSWER_MS = 90_000;
/** How long the service waits with no request before it checks examples/ ahead (serveChecks). */
const IDLE_MS = 250;

/**
 * The kernel's side: checks cells in a service started from `blob()` by `warm()` or the first request.
 * `blob()` is the usable snapshot at that moment, or undefined (then there is no service).
 * `options` are for tests: how long a request may wait (`answerMs`), and how the service
 * process starts from the blob (`spawnService`).
 * @param {() => string | undefined} blob
 * @param {{ answerMs?: number, spawnService?: (blob: string) => import("node:child_process").ChildProcess }} [options]
 */
function createCheckService(blob, options = {}) {
  const answerMs = options.answerMs ?? ANSWER_MS;
  const spawnService =
    options.spawnService ??
    ((/** @type {string} */ from) =>
      spawn(process.execPath, ["--snapshot-blob", from, SERVICE_ENTRY], {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        env: process.env,
      }));
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
    const started = spawnService(from);
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
      setTimeout(() => {
        if (!waiting.has(id)) return;
        // Unexplained once (.ci/run, Node 22, 2026-12-07): a kernel waited 8 minutes for an
        // answer while the service sat idle. The kernel checks its cells itself from then on.
        const message = `the check service gave no answer in ${answerMs / 1000} s; this kernel checks its cells itself from now on`;
        console.error(message);
        unavailable = true;
        child?.kill();
        failAll(message);
      }, answerMs).unref();
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
     * Starts the service now, when there is a usable snapshot: the kernel does so as it
     * starts, so that its first cell does not wait for the whole of the service's start.
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
 * The service's side, run by the snapshot's main function (snapshot-entry.cjs): answers
 * each request with the snapshot's converter, given the kernel's settings, until the
 * kernel is gone.
 * @param {ServiceState} state
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
    warmWhenIdle();
  });

  // Once no request has come for a while, the service checks examples/ a file at a time,
  // as the snapshot's build did (snapshot-entry.cjs keeps the program unchecked: a checked
  // one took 3 s to deserialise), so that a later cell finds the types of what it imports
  // worked out. A request waits for one file's check at most; none starts while cells come
  // one after another (a first opening's first cells waited for them: ch38-recipe's
  // first reader output came 3.99x as late as Deno's, against 3.30x).
  /** @type {NodeJS.Timeout | undefined} */
  let idle;
  /** @type {NodeJS.Immediate | undefined} */
  let next;
  let warmed = false;
  function warmWhenIdle() {
    clearTimeout(idle);
    clearImmediate(next);
    next = undefined;
    if (!warmed) idle = setTimeout(warmNext, IDLE_MS).unref();
  }
  function warmNext() {
    try {
      warmed = !state.converter.warmStep();
    } catch {
      // A file that cannot be checked ahead is checked, and its failure told, when a cell needs it.
      warmed = true;
    }
    if (!warmed) next = setImmediate(warmNext);
  }
  warmWhenIdle();
}

module.exports = { createCheckService, withCheckService, serveChecks, SERVICE_ENTRY };
