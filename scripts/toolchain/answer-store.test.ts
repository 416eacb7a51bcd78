import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { KEPT, answer, storeAnswer, storedAnswer, type Probe } from "./answer-store.ts";

// The store behind npm run listings' kept compile (../listings/compile-store.ts) and the kept
// compiles of compile-kept.ts: an answer is reused only while each question it recorded gets
// the same answer; the store keeps the newest few.

const scratch = mkdtempSync(join(tmpdir(), "answer-store-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const probe = (kind: Probe[0], path: string): Probe => [kind, path, answer(kind, path)];

test("answer-store: an answer is reused while what it read is unchanged, and not after an edit, nor once a file exists where none was", () => {
  const dir = join(scratch, "reuse");
  const read = join(scratch, "read.ts");
  const absent = join(scratch, "absent.ts");
  writeFileSync(read, "export const n = 1;\n");
  const store = () => storeAnswer(dir, "k", { probes: [probe("read", read), probe("file", absent)], value: 1 });
  store();
  assert.deepEqual(storedAnswer<{ probes: Probe[]; value: number }>(dir, "k")?.value, 1, "unchanged: reused");
  writeFileSync(read, "export const n = 2;\n");
  assert.equal(storedAnswer(dir, "k"), undefined, "read.ts edited: not reused");
  store();
  writeFileSync(absent, "export {};\n");
  assert.equal(storedAnswer(dir, "k"), undefined, "absent.ts created: not reused");
});

test(`answer-store: the store keeps the ${KEPT} newest answers, the one just made among them`, () => {
  const dir = join(scratch, "kept");
  storeAnswer(dir, "first", { probes: [] });
  // Forty answers of other compiles, all older than the one about to be stored.
  for (let i = 0; i < 40; i++) {
    const old = join(dir, `old-${i}.json`);
    writeFileSync(old, JSON.stringify({ probes: [] }));
    utimesSync(old, 1_000_000 + i, 1_000_000 + i);
  }
  storeAnswer(dir, "new", { probes: [] });
  const kept = readdirSync(dir);
  assert.equal(kept.length, KEPT);
  assert.ok(kept.includes("new.json"), "the new answer is kept");
  assert.ok(!kept.includes("old-0.json") && kept.includes("old-39.json"), "the oldest went first");
});
