import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { filesUnder, unformattedFiles } from "./unformatted.ts";

describe("the formatter (npm run format)", () => {
  it("every code and JSON file in the repository is as the pinned Prettier writes it", async () => {
    const unformatted = await unformattedFiles(PROJECT_ROOT, filesUnder(PROJECT_ROOT));
    assert.deepEqual(
      unformatted.map(({ file }) => file),
      [],
      "run npm run format",
    );
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
