import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { compileFilesKept } from "./compile-kept.ts";
import { isInstallProblem, readInstalledPi } from "./pin.ts";

// The chapters' fails-to-compile check keeps its compile's answer (compile-kept.ts) and uses it
// only while every question the program asked gets the same answer. The file imports nothing,
// so the program is the default library and Node's types: about a second.

const scratch = mkdtempSync(join(tmpdir(), "compile-kept-"));
const store = join(scratch, "answers");
const file = join(scratch, "listing.ts");
writeFileSync(join(scratch, "package.json"), '{ "type": "module" }\n');
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Replaces the kept answer's messages by a marker, so that a call which returns the marker was answered from the store. */
function markStoredAnswer(): void {
  const [entry] = readdirSync(store);
  assert.ok(entry !== undefined, "the compile kept its answer");
  const stored = JSON.parse(readFileSync(join(store, entry), "utf8")) as { answer: { message: string }[] };
  for (const d of stored.answer) d.message = "from the store";
  writeFileSync(join(store, entry), JSON.stringify(stored));
}

test("compile-kept: the same files are answered from the store; an edited file is compiled again; no store, no answer kept", () => {
  const installed = readInstalledPi();
  assert.ok(!isInstallProblem(installed), "Pi is not installed as pinned");
  writeFileSync(file, 'export const n: number = "not a number";\n');

  // The process's first program: its questions are recorded, and the answer kept.
  const first = compileFilesKept([file], installed.dirs, store);
  assert.deepEqual(
    first.map((d) => d.code),
    [2322],
  );
  assert.equal(readdirSync(store).length, 1);

  markStoredAnswer();
  const again = compileFilesKept([file], installed.dirs, store);
  assert.deepEqual(
    again.map((d) => [d.code, d.message]),
    [[2322, "from the store"]],
    "unchanged inputs: the kept answer",
  );

  writeFileSync(file, 'export const n: number = "still not a number";\n');
  const edited = compileFilesKept([file], installed.dirs, store);
  assert.ok(
    edited.every((d) => d.message !== "from the store"),
    "listing.ts edited: compiled again, not taken from the store",
  );
  // Compiled in a process that had made a program already: nothing it could vouch for is kept.
  assert.equal(readdirSync(store).length, 1);

  const without = compileFilesKept([file], installed.dirs, undefined);
  assert.ok(
    without.every((d) => d.message !== "from the store"),
    "no store: compiled",
  );
});
