import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { compileStrictly } from "./compile-strictly.ts";

// The strict compile ch37.exports.setDefaultStreamFn's counterexample runs keeps its answer
// under a key, and uses it only while every question TypeScript asked gets the same answer.

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
// Under .cache/, which tsconfig.json's include does not reach, so no other check sees these files.
const scratch = mkdtempSync(join(PROJECT_ROOT, ".cache", "compile-strictly-test-"));
const cache = join(scratch, "answers");
const previous = process.env.PI_COMPANION_STRICT_CACHE;
process.env.PI_COMPANION_STRICT_CACHE = cache;
after(() => {
  if (previous === undefined) delete process.env.PI_COMPANION_STRICT_CACHE;
  else process.env.PI_COMPANION_STRICT_CACHE = previous;
  rmSync(scratch, { recursive: true, force: true });
});

const write = (name: string, text: string) => writeFileSync(join(scratch, name), text);
const root = relative(PROJECT_ROOT, join(scratch, "root.ts"));
const codes = () => compileStrictly(root).map((d) => d.code);

/** Replaces the stored answer's diagnostics by a marker, so that a call which returns the marker was answered from the store. */
function markStoredAnswer(): void {
  const [entry] = readdirSync(cache);
  assert.ok(entry !== undefined, "the compile stored its answer");
  const stored = JSON.parse(readFileSync(join(cache, entry), "utf8")) as { diagnostics: unknown[] };
  stored.diagnostics = [{ code: 1, line: 1, reason: "from the store" }];
  writeFileSync(join(cache, entry), JSON.stringify(stored));
}

test("compile-strictly.cache: the same inputs are answered from the store; a changed imported file, and a file created where TypeScript found none, are compiled again", () => {
  write("dep.ts", "export const n: number = 1;\n");
  write(
    "root.ts",
    'import { n } from "./dep.ts";\nimport { m } from "./later.ts";\nexport const s: string = n;\nexport { m };\n',
  );
  // TS2322 (a number is not a string) and TS2307 (./later.ts is not there).
  assert.deepEqual(codes().sort(), [2307, 2322]);
  markStoredAnswer();
  assert.deepEqual(codes(), [1], "unchanged inputs: the stored answer");
  write("dep.ts", 'export const n: string = "1";\n');
  assert.deepEqual(codes(), [2307], "dep.ts changed: compiled again");
  markStoredAnswer();
  write("later.ts", "export const m = 2;\n");
  assert.deepEqual(codes(), [], "later.ts now exists where TypeScript had found none: compiled again");
});

test("compile-strictly.cache: PI_COMPANION_STRICT_CACHE=off compiles every time and stores nothing", () => {
  process.env.PI_COMPANION_STRICT_CACHE = "off";
  try {
    rmSync(cache, { recursive: true, force: true });
    write("dep.ts", "export const n: number = 1;\n");
    write("root.ts", 'import { n } from "./dep.ts";\nexport const s: string = n;\n');
    assert.deepEqual(codes(), [2322]);
    assert.throws(() => readdirSync(cache), { code: "ENOENT" });
  } finally {
    process.env.PI_COMPANION_STRICT_CACHE = cache;
  }
});

test("compile-strictly.cache: the store keeps the 32 newest answers, the one just made among them", () => {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  // Forty answers of other compiles, all older than the one about to be stored.
  for (let i = 0; i < 40; i++) {
    const old = join(cache, `old-${i}.json`);
    writeFileSync(old, JSON.stringify({ probes: [], diagnostics: [] }));
    utimesSync(old, 1_000_000 + i, 1_000_000 + i);
  }
  write("dep.ts", "export const n: number = 1;\n");
  write("root.ts", 'import { n } from "./dep.ts";\nexport const s: string = n;\n');
  assert.deepEqual(codes(), [2322]);
  const kept = readdirSync(cache);
  assert.equal(kept.length, 32);
  assert.equal(kept.filter((name) => !name.startsWith("old-")).length, 1, "the new answer is kept");
  assert.ok(!kept.includes("old-0.json") && kept.includes("old-39.json"), "the oldest went first");
});
