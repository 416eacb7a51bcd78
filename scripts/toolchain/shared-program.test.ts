import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { dropSharedPrograms, sharedProgram, whenSharedProgramsDropped } from "./shared-program.ts";

// A program without Pi or the default library: this test is about who holds it, not what it checks.
const OPTIONS = { noEmit: true, noLib: true, types: [] };
const CLEAN = resolve(PROJECT_ROOT, "scripts/toolchain/fixtures/compile/clean.ts");

test("shared program: one program serves every caller until dropSharedPrograms(); then caches holding its checker are told, and the next caller gets a new one, with a warning", async () => {
  const first = sharedProgram(OPTIONS, [CLEAN]);
  assert.equal(sharedProgram(OPTIONS, [CLEAN]), first);
  let forgotten = 0;
  whenSharedProgramsDropped(() => forgotten++);
  dropSharedPrograms();
  assert.equal(forgotten, 1);
  // The warning a maintainer gets is the test's to read, not a line in the suite's output.
  const printers = process.listeners("warning");
  process.removeAllListeners("warning");
  const warned: string[] = [];
  process.on("warning", (warning) => warned.push(warning.message));
  let second: ReturnType<typeof sharedProgram>;
  try {
    second = sharedProgram(OPTIONS, [CLEAN]);
    // emitWarning delivers on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.removeAllListeners("warning");
    for (const printer of printers) process.on("warning", printer);
  }
  assert.deepEqual(warned, [
    "a shared TypeScript program is made again after dropSharedPrograms(): its declarations are parsed and checked a second time",
  ]);
  assert.notEqual(second.program, first.program);
  assert.ok(second.program.getSourceFile(CLEAN) !== undefined);
});
