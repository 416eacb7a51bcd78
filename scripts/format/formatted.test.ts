import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCommand } from "../lib/command.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { unformattedFiles } from "./unformatted.ts";

// Named, so that the suite runs this file apart from the others that run the checkout's commands
// (scripts/test/test-files.ts): --check reads every file they may be writing.
const MAIN = join(PROJECT_ROOT, "scripts", "format", "main.ts");

describe("the formatter (npm run format)", () => {
  // As a reader runs it, and the only whole run of Prettier over the repository in the suite
  // (about 6 CPU-s): scripts/lib/commands.test.ts leaves the width of its output to this test.
  it("npm run format -- --check: every code and JSON file in the repository is as the pinned Prettier writes it, in one line of 120 columns or fewer", async () => {
    const ran = await runCommand(process.execPath, asNpmRunsIt(MAIN, ["--check"]), {
      cwd: PROJECT_ROOT,
      timeoutMs: 300_000,
    });
    assert.equal(ran.code, 0, `${ran.stdout}${ran.stderr}run npm run format`);
    assert.equal(ran.stdout, "format: every file is formatted\n");
    assert.equal(ran.stderr, "");
  });

  it("finds a file written another way, and leaves an ignored one alone", async () => {
    const root = mkdtempSync(join(tmpdir(), "format-"));
    try {
      copyFileSync(join(PROJECT_ROOT, ".prettierrc.json"), join(root, ".prettierrc.json"));
      writeFileSync(join(root, ".prettierignore"), "ignored.ts\n");
      writeFileSync(join(root, "tidy.ts"), 'export const a = { b: "c" };\n');
      writeFileSync(join(root, "untidy.ts"), "export const a = {b:'c'}\n");
      writeFileSync(join(root, "ignored.ts"), "export const a = {b:'c'}\n");
      const found = await unformattedFiles(root, ["tidy.ts", "untidy.ts", "ignored.ts"]);
      assert.deepEqual(found, [{ file: "untidy.ts", formatted: 'export const a = { b: "c" };\n' }]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
