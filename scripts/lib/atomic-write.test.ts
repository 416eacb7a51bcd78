import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { writeFileAtomically, writeFilesAtomically, writeFolderAtomically } from "./atomic-write.ts";
import { sourceFiles } from "./import-graph.ts";
import { PROJECT_ROOT } from "./paths.ts";
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

// The helpers that write a file whole, and the one rename that is no write of this process's.
const RENAMERS: Readonly<Record<string, string>> = {
  "scripts/lib/atomic-write.ts": "the helper",
  "scripts/lib/write-file-atomically.cjs": "the CommonJS copy: the kernel and the TypeScript loader run without tsx",
  "scripts/notebooks/kernel/program-snapshot.cjs": "moves the blob another Node wrote (--snapshot-blob) into place",
};

test("files are written whole through the helpers: no other source under scripts/ or examples/ renames a file", () => {
  const renaming = ["examples", "scripts"]
    .flatMap((top) => sourceFiles(join(PROJECT_ROOT, top)))
    .map((file) => relative(PROJECT_ROOT, file))
    .filter((file) => !file.endsWith(".test.ts") && !file.split(sep).includes("fixtures"))
    .filter((file) => /\brename(Sync)?\(/.test(readFileSync(join(PROJECT_ROOT, file), "utf8")));
  assert.deepEqual(
    renaming.sort(),
    Object.keys(RENAMERS).sort(),
    "expected only the helpers to call rename; the others should call writeFileAtomically (scripts/lib/atomic-write.ts)",
  );
});

test("the CommonJS copy writes whole and leaves no temporary file, as the helper does", () => {
  const dir = scratch();
  const file = join(dir, "cells.json");
  const kernelWrite = createRequire(import.meta.url)("./write-file-atomically.cjs").writeFileAtomically;
  kernelWrite(file, "old\n");
  kernelWrite(file, "new\n");
  assert.equal(readFileSync(file, "utf8"), "new\n");
  mkdirSync(join(dir, "a-folder"));
  assert.throws(() => kernelWrite(join(dir, "a-folder"), "x"), /EISDIR|ENOTEMPTY|EEXIST/);
  assert.deepEqual(readdirSync(dir).sort(), ["a-folder", "cells.json"]);
});
