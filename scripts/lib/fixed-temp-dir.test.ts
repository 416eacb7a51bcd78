import assert from "node:assert/strict";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fixedTempDir } from "./fixed-temp-dir.ts";

test("fixedTempDir: the same name under the system's temporary folder each time, emptied afresh", () => {
  const made: string[] = [];
  try {
    const first = fixedTempDir("fixed-temp-dir-test");
    made.push(first);
    assert.equal(dirname(first), tmpdir());
    assert.match(first, /\/fixed-temp-dir-test-[0-9a-f]{12}$/);
    writeFileSync(join(first, "left.ts"), "export {};\n");
    assert.equal(fixedTempDir("fixed-temp-dir-test"), first);
    assert.deepEqual(readdirSync(first), []);
    made.push(fixedTempDir("fixed-temp-dir-other"));
    assert.notEqual(made[1], first);
  } finally {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  }
});
