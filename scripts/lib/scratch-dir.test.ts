import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "./paths.ts";
import { scratchDir } from "./scratch-dir.ts";

test("scratchDir: the folder a test made is there during the test and gone once it has run", async (t) => {
  let made = "";
  await t.test("a test that makes one", () => {
    made = scratchDir("scratch-dir-test");
    assert.ok(existsSync(made), `${made} exists while the test runs`);
  });
  assert.notEqual(made, "");
  assert.equal(existsSync(made), false, `${made} is left after its test ended`);
});

test("no test file makes a temporary folder with mkdtempSync and leaves it: each removes it or uses scratchDir", () => {
  const testFiles = ["examples", "scripts"].flatMap((top) =>
    readdirSync(join(PROJECT_ROOT, top), { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".test.ts") && !path.split("/").includes("fixtures"))
      .map((path) => join(top, path))
      .filter((file) => file !== "scripts/lib/scratch-dir.test.ts"),
  );
  const leaving = testFiles.filter((file) => {
    const text = readFileSync(join(PROJECT_ROOT, file), "utf8");
    return text.includes("mkdtempSync(") && !/\brmSync\(/.test(text);
  });
  assert.deepEqual(leaving, [], "these call mkdtempSync and never rmSync; use scratchDir (scripts/lib/scratch-dir.ts)");
});
