"use strict";
// What a cell left running when it replied. An error can escape a cell after its reply
// only from work still pending on the event loop (a timer, a socket, a child process, a
// file read); a client that listens for such late errors (the runner, for 500 ms after
// the last cell) needs to listen only when a cell left some. The kernel's own resources
// (its stdout and stderr pipes; ZeroMQ runs on threads of its own) are counted before
// the first cell runs and left out.

/** Counts of each resource type in `process.getActiveResourcesInfo()`. */
function countByType(types) {
  const counts = new Map();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

function createPendingWork(activeResources = () => process.getActiveResourcesInfo()) {
  let kernelOwn;
  return {
    /** Call as each cell starts; the first call takes the kernel's own resources. */
    cellStarts() {
      kernelOwn ??= countByType(activeResources());
    },
    /** Resource types active now beyond the kernel's own, one entry per resource, sorted. */
    pending() {
      const pending = [];
      for (const [type, count] of countByType(activeResources())) {
        for (let extra = count - (kernelOwn?.get(type) ?? 0); extra > 0; extra--) pending.push(type);
      }
      return pending.sort();
    },
  };
}

module.exports = { createPendingWork };
