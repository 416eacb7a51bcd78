import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { writeFileAtomically, writeFilesAtomically, writeFolderAtomically } from "./atomic-write.ts";
import { scratchDir } from "./scratch-dir.ts";

const scratch = () => scratchDir("atomic-write");

test("writes every file whole, creating folders, and leaves nothing else behind", () => {
  const dir = scratch();
  writeFilesAtomically({ [join(dir, "a.md")]: "A\n", [join(dir, "sub", "b.json")]: "{}\n" });
  writeFileAtomically(join(dir, "a.md"), "A2\n");
  assert.equal(readFileSync(join(dir, "a.md"), "utf8"), "A2\n");
  assert.equal(readFileSync(join(dir, "sub", "b.json"), "utf8"), "{}\n");
  assert.deepEqual(readdirSync(dir).sort(), ["a.md", "sub"]);
});

test("a write that fails leaves the old files as they were and no temporary file", () => {
  const dir = scratch();
  writeFileSync(join(dir, "a.md"), "old\n");
  writeFileSync(join(dir, "blocker"), "a file where a folder is needed\n");
  assert.throws(
    () => writeFilesAtomically({ [join(dir, "a.md")]: "new\n", [join(dir, "blocker", "b.md")]: "B\n" }),
    /ENOTDIR|EEXIST/,
  );
  assert.equal(readFileSync(join(dir, "a.md"), "utf8"), "old\n");
  assert.deepEqual(readdirSync(dir).sort(), ["a.md", "blocker"]);
});

test("a rename that fails leaves no temporary file", () => {
  const dir = scratch();
  mkdirSync(join(dir, "taken", "inside"), { recursive: true }); // a non-empty folder cannot be replaced by a file
  assert.throws(
    () => writeFilesAtomically({ [join(dir, "taken")]: "text\n", [join(dir, "later.md")]: "L\n" }),
    /EISDIR|ENOTEMPTY|EEXIST/,
  );
  assert.deepEqual(readdirSync(dir).sort(), ["taken"]);
  assert.deepEqual(readdirSync(join(dir, "taken")), ["inside"]);
});

test("a folder written atomically replaces the old one whole, and leaves no scratch folder beside it", async () => {
  const dir = scratch();
  mkdirSync(join(dir, "cache", "1.0"), { recursive: true });
  writeFileSync(join(dir, "cache", "1.0", "old.txt"), "old\n");
  const failed = await writeFolderAtomically(join(dir, "cache", "1.0"), async (fresh) => {
    mkdirSync(join(fresh, "package"));
    writeFileSync(join(fresh, "package", "new.txt"), "new\n");
    return { ready: join(fresh, "package") };
  });
  assert.equal(failed, undefined);
  assert.deepEqual(readdirSync(join(dir, "cache", "1.0")), ["new.txt"]);
  assert.deepEqual(readdirSync(join(dir, "cache")), ["1.0"]);
});

test("a folder whose fill answers a problem, or throws, is left as it was, with no scratch folder", async () => {
  const dir = scratch();
  mkdirSync(join(dir, "1.0"));
  writeFileSync(join(dir, "1.0", "old.txt"), "old\n");
  const unavailable = { kind: "unavailable", message: "npm pack: timed out" };
  const failed = await writeFolderAtomically(join(dir, "1.0"), async (fresh) => {
    writeFileSync(join(fresh, "half.tgz"), "half a download");
    return unavailable;
  });
  assert.equal(failed, unavailable);
  await assert.rejects(
    writeFolderAtomically(join(dir, "1.0"), async () => {
      throw new Error("cut short");
    }),
    /cut short/,
  );
  assert.deepEqual(readdirSync(dir), ["1.0"]);
  assert.deepEqual(readdirSync(join(dir, "1.0")), ["old.txt"]);
});
