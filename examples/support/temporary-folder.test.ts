import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { printedBy } from "./run-file.ts";
import { inTemporaryFolder } from "./temporary-folder.ts";

test("inTemporaryFolder: the folder is gone once the work returns, and once it throws", async () => {
  let used = "";
  assert.equal(
    await inTemporaryFolder("temporary-folder-", (folder) => {
      used = folder;
      writeFileSync(join(folder, "kept.txt"), "x");
      return "returned";
    }),
    "returned",
  );
  assert.equal(existsSync(used), false, `${used} is still there after the work returned`);
  await assert.rejects(
    inTemporaryFolder("temporary-folder-", (folder) => {
      used = folder;
      throw new Error("thrown on purpose");
    }),
    /thrown on purpose/,
  );
  assert.equal(existsSync(used), false, `${used} is still there after the work threw`);
});

test("inTemporaryFolder: the folder is gone when the process exits while the work runs (a reader gone: npm run ch37 | head -1)", () => {
  const dir = mkdtempSync(join(tmpdir(), "temporary-folder-test-"));
  try {
    const file = join(dir, "exits.mts");
    const helper = new URL("./temporary-folder.ts", import.meta.url).href;
    writeFileSync(
      file,
      `import { inTemporaryFolder } from ${JSON.stringify(helper)};
await inTemporaryFolder("temporary-folder-exit-", (folder) => {
  console.log(folder);
  process.exit(0);
});
`,
    );
    const folder = printedBy(file).trim();
    assert.match(folder, /temporary-folder-exit-/);
    assert.equal(existsSync(folder), false, `${folder} is still there after the process exited in the work`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
