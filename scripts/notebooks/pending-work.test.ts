// pending-work.cjs in-process, with the event loop's resource list scripted.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

const { createPendingWork } = createRequire(import.meta.url)("./kernel/pending-work.cjs") as {
  createPendingWork(activeResources: () => string[]): {
    cellStarts(): void;
    asKernelWork<T>(work: () => T): T;
    pending(): Record<string, number>;
  };
};

function scripted(...snapshots: string[][]): () => string[] {
  return () => snapshots.shift() ?? assert.fail("asked for more snapshots than scripted");
}

test("kernel.pending-work: the kernel's own pipes, counted before the first cell, are not a cell's pending work", () => {
  const work = createPendingWork(scripted(["PipeWrap", "PipeWrap"], ["PipeWrap", "PipeWrap"]));
  work.cellStarts();
  assert.deepEqual(work.pending(), {});
});

test("kernel.pending-work: a timer and a second child process beyond the kernel's own are counted by kind", () => {
  const work = createPendingWork(scripted(["PipeWrap", "ProcessWrap"], ["ProcessWrap", "Timeout", "PipeWrap", "ProcessWrap", "Timeout"]));
  work.cellStarts();
  assert.deepEqual(work.pending(), { ProcessWrap: 1, Timeout: 2 });
});

test("kernel.pending-work: only the first cell's start sets the kernel's own; a later cell's timers stay pending", () => {
  const work = createPendingWork(scripted(["PipeWrap"], ["PipeWrap", "Timeout"]));
  work.cellStarts();
  work.cellStarts(); // must not look again: the timer belongs to a cell
  assert.deepEqual(work.pending(), { Timeout: 1 });
});

test("kernel.pending-work: watchers a completion request makes are the kernel's, so 2,900 of them add nothing to the field", () => {
  const watchers = Array.from({ length: 2900 }, () => "FSEventWrap");
  const work = createPendingWork(scripted(["PipeWrap"], ["PipeWrap"], ["PipeWrap", ...watchers], ["PipeWrap", ...watchers, "Timeout"]));
  work.cellStarts();
  assert.equal(
    work.asKernelWork(() => "matches"),
    "matches",
  );
  assert.deepEqual(work.pending(), { Timeout: 1 });
});
