// @ts-check
"use strict";
// What a cell left running when it replied. An error can escape a cell after its reply
// only from work still pending on the event loop (a timer, a socket, a child process, a
// file read); a client that listens for such late errors (the runner, for 500 ms after
// the last cell) needs to listen only when a cell left some. The kernel's own resources
// are left out: its stdout and stderr pipes (ZeroMQ runs on threads of its own), counted
// before the first cell runs, and whatever a completion or inspection request made (a
// watch program's file watchers: ~2,900 FSEventWrap entries in every later reply, when
// the field listed one entry per resource). The field counts by kind, so its size is
// bounded by the number of kinds.

/**
 * Counts of each resource type in `process.getActiveResourcesInfo()`.
 * @param {string[]} types
 */
function countByType(types) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

/**
 * Whether `value` is a promise (has a `then` method), as the kernel's requests return one.
 * @param {unknown} value
 * @returns {value is Promise<unknown>}
 */
function isPromiseLike(value) {
  return typeof (/** @type {{ then?: unknown } | null | undefined} */ (value))?.then === "function";
}

/** @param {() => string[]} activeResources */
function createPendingWork(activeResources = () => process.getActiveResourcesInfo()) {
  /** @type {Map<string, number> | undefined} */
  let kernelOwn;
  /** @type {Map<string, number>} */
  const kernelMade = new Map();
  return {
    /** Call as each cell starts; the first call takes the kernel's own resources. */
    cellStarts() {
      kernelOwn ??= countByType(activeResources());
    },
    /**
     * Runs `work`, a request the kernel answers itself; the resources it adds are the
     * kernel's. Measured synchronously when `work` is, so no cell's timer is counted in.
     * @template T
     * @param {() => T} work
     * @returns {T}
     */
    asKernelWork(work) {
      const before = countByType(activeResources());
      const counted = () => {
        for (const [type, count] of countByType(activeResources())) {
          const added = count - (before.get(type) ?? 0);
          if (added > 0) kernelMade.set(type, (kernelMade.get(type) ?? 0) + added);
        }
      };
      const result = work();
      if (!isPromiseLike(result)) {
        counted();
        return result;
      }
      return /** @type {T} */ (result.finally(counted));
    },
    /** Resources active now beyond the kernel's own, counted by type: `{ Timeout: 1 }`, `{}` for none. */
    pending() {
      /** @type {Record<string, number>} */
      const pending = {};
      for (const [type, count] of [...countByType(activeResources())].sort(([a], [b]) => a.localeCompare(b))) {
        const extra = count - (kernelOwn?.get(type) ?? 0) - (kernelMade.get(type) ?? 0);
        if (extra > 0) pending[type] = extra;
      }
      return pending;
    },
  };
}

module.exports = { createPendingWork };
