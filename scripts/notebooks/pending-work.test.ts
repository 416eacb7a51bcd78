// pending-work.cjs in-process, with the event loop's resource list scripted.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

const { createPendingWork } = createRequire(import.meta.url)("./kernel/pending-work.cjs") as {
  createPendingWork(activeResources: () => string[]): { cellStarts(): void; pending(): string[] };
};

function scripted(...snapshots: string[][]): () => string[] {
  return () => snapshots.shift() ?? assert.fail("asked for more snapshots than scripted");
}

test("kernel.pending-work: the kernel's own pipes, counted before the first cell, are not a cell's pending work", () => {
  const work = createPendingWork(scripted(["PipeWrap", "PipeWrap"], ["PipeWrap", "PipeWrap"]));
  work.cellStarts();
  assert.deepEqual(work.pending(), []);
});

test("kernel.pending-work: a timer and a second child process beyond the kernel's own are listed, one entry each", () => {
  const work = createPendingWork(scripted(["PipeWrap", "ProcessWrap"], ["ProcessWrap", "Timeout", "PipeWrap", "ProcessWrap", "Timeout"]));
  work.cellStarts();
  assert.deepEqual(work.pending(), ["ProcessWrap", "Timeout", "Timeout"]);
});

test("kernel.pending-work: only the first cell's start sets the kernel's own; a later cell's timers stay pending", () => {
  const work = createPendingWork(scripted(["PipeWrap"], ["PipeWrap", "Timeout"]));
  work.cellStarts();
  work.cellStarts(); // must not look again: the timer belongs to a cell
  assert.deepEqual(work.pending(), ["Timeout"]);
});
