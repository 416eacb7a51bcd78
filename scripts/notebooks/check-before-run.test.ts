// The kernel's two passes over a cell (kernel/check-before-run.cjs) when a check service
// checks it (kernel/check-service.cjs): the kernel waits for the answer between them, and
// an interrupt ends the wait at once (issue 30, item 1: Stop during the type check).
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

interface Converted {
  diagnostics: unknown[];
  output?: string;
  declOutput?: string;
}
interface Converter {
  convert(prevDecl: string, src: string): Converted;
  prepare?(prevDecl: string, src: string): Promise<void> | undefined;
}
interface Executor {
  interrupt(): void;
  execute(src: string): Promise<boolean>;
}
const { createCheckBeforeRun } = createRequire(import.meta.url)("./kernel/check-before-run.cjs") as {
  createCheckBeforeRun(report: (error: Error) => void): {
    withKeptCheck(converter: Converter): Converter;
    withCheckFirst(executor: Executor): Executor;
  };
};

/** tslab's executor as far as the two passes see it: converts the cell, runs its output. */
function kernelWith(prepared: () => Promise<void> | undefined) {
  const reported: Error[] = [];
  const ran: string[] = [];
  const checkBeforeRun = createCheckBeforeRun((error) => reported.push(error));
  const converter = checkBeforeRun.withKeptCheck({
    convert: (_prevDecl, src) => ({ diagnostics: [], output: src, declOutput: "// cell 1" }),
    prepare: prepared,
  });
  const executor = checkBeforeRun.withCheckFirst({
    interrupt() {},
    async execute(src) {
      const converted = converter.convert("", src);
      if (converted.output !== undefined) ran.push(converted.output);
      return true;
    },
  });
  return { executor, ran, reported };
}

test("check before run: a cell a check service checks runs once its answer is in", async () => {
  const { executor, ran, reported } = kernelWith(() => Promise.resolve());
  assert.equal(await executor.execute("cell"), true);
  assert.deepEqual(ran, ["cell"]);
  assert.deepEqual(reported, []);
});

test("check before run: an interrupt while the kernel waits for the check service cancels the cell without waiting for the answer", async () => {
  // The service never answers: a kernel that waited for it would hang here.
  const { executor, ran, reported } = kernelWith(() => new Promise<void>(() => {}));
  const result = executor.execute("cell");
  setTimeout(() => executor.interrupt(), 20);
  assert.equal(await result, false);
  assert.deepEqual(ran, [], "the cell did not run");
  assert.equal(reported[0]?.name, "KeyboardInterrupt");
  assert.match(reported[0]?.message ?? "", /type-checked; it did not run/);
});
