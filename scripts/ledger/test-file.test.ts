import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runTestFile } from "./test-file.ts";

const dir = mkdtempSync(join(tmpdir(), "test-file-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function testFile(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `import { test } from "node:test";\n${body}\n`);
  return file;
}

test("ch38.tests.fourteen — runTestFile: top-level tests by outcome, subtests and the file's own stdout left out", async () => {
  const file = testFile(
    "mixed.test.mjs",
    [
      'test("a row — claim.one", () => { console.log(JSON.stringify({ passed: false, name: "not a result" })); });',
      'test("a row with subtests — claim.two", async (t) => { await t.test("sub", () => {}); });',
      'test("a failing row — claim.three", () => { throw new Error("no"); });',
    ].join("\n"),
  );
  assert.deepEqual(await runTestFile(file), {
    passed: ["a row — claim.one", "a row with subtests — claim.two"],
    failed: ["a failing row — claim.three"],
  });
});

test("ch38.tests.fourteen — runTestFile: a file that throws before its tests run is one failure named by its path, as node:test's run() reports it", async () => {
  const file = testFile("throws.test.mjs", 'test("never runs", () => {});\nthrow new Error("broken import");');
  assert.deepEqual(await runTestFile(file), { passed: [], failed: [file] });
});

test("ch38.tests.fourteen — runTestFile: the child does not report to an enclosing test runner (NODE_TEST_CONTEXT is not passed on)", async () => {
  // This file runs under `node --test`, whose children carry NODE_TEST_CONTEXT.
  const file = testFile("passes.test.mjs", 'test("passes", () => {});');
  assert.deepEqual(await runTestFile(file), { passed: ["passes"], failed: [] });
});
