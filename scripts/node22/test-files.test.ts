import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { testFiles } from "./test-files.ts";

test("Node 22 runs the same test files as npm run test:unit", () => {
  // Run the file list of package.json's own test:unit script, so the two cannot drift apart.
  const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const list = /\$\((find [^)]*)\)/.exec(scripts["test:unit"] ?? "")?.[1];
  assert.ok(list !== undefined, "test:unit lists its files with $(find …)");
  const listed = execFileSync("sh", ["-c", list], { cwd: PROJECT_ROOT, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });
  assert.deepEqual(testFiles(PROJECT_ROOT), listed.trim().split("\n").sort());
  assert.ok(testFiles(PROJECT_ROOT).includes("scripts/node22/test-files.test.ts"));
});
