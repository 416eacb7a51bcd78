import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

// npm run listings keeps its strict type-check's answer (compile-store.ts) and uses it only
// while every question the program asked gets the same answer. Each run below is a whole
// command, as a reader starts it; the reader's step.ts imports nothing of Pi, so each
// compile is small and the runs are cheap.

const MAIN = join(PROJECT_ROOT, "scripts", "listings", "main.ts");
const scratch = mkdtempSync(join(tmpdir(), "listings-store-"));
const reader = join(scratch, "reader");
const cache = join(scratch, "answers");
after(() => rmSync(scratch, { recursive: true, force: true }));

const listings = (store: string) =>
  runCommand(process.execPath, asNpmRunsIt(MAIN, [reader]), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PI_COMPANION_LISTINGS_CACHE: store },
    timeoutMs: 600_000,
  });

/** Replaces the kept answer's problem lines by a marker, so that a run which prints the marker was answered from the store. */
function markStoredAnswer(): void {
  const [entry] = readdirSync(cache);
  assert.ok(entry !== undefined, "the compile kept its answer");
  const stored = JSON.parse(readFileSync(join(cache, entry), "utf8")) as { answer: { problem: { lines: string[] } } };
  stored.answer.problem.lines = ["from the store"];
  writeFileSync(join(cache, entry), JSON.stringify(stored));
}

test("listings.store: the same folder is answered from the store; a file created where TypeScript found none, a changed listing, and PI_COMPANION_LISTINGS_CACHE=off are compiled again", async () => {
  mkdirSync(reader);
  const step = (type: string) =>
    `import { m } from "./later.ts";\nexport const broken: ${type} = "not a number";\nexport { m };\n`;
  writeFileSync(join(reader, "step.ts"), step("number"));

  let ran = await listings(cache);
  assert.equal(ran.code, 2, ran.stderr);
  // TS2307 (./later.ts is not there) and TS2322 (a string is not a number).
  assert.match(ran.stderr, /error TS2307: /);
  assert.match(ran.stderr, /error TS2322: /);
  assert.equal(readdirSync(cache).length, 1);

  markStoredAnswer();
  ran = await listings(cache);
  assert.equal(ran.stderr, "listings: from the store\n", "unchanged inputs: the kept answer");

  writeFileSync(join(reader, "later.ts"), "export const m = 2;\n");
  ran = await listings(cache);
  assert.doesNotMatch(ran.stderr, /from the store|TS2307/, "later.ts now exists where TypeScript found none");
  assert.match(ran.stderr, /error TS2322: /);

  markStoredAnswer();
  writeFileSync(join(reader, "step.ts"), step("string"));
  ran = await listings(cache);
  assert.doesNotMatch(ran.stderr, /from the store/, "the reader's step.ts changed: compiled again");
  assert.doesNotMatch(ran.stderr, /error TS/);

  // Off: compiled although an answer is kept for these inputs, and nothing is written.
  writeFileSync(join(reader, "step.ts"), step("number"));
  rmSync(cache, { recursive: true, force: true });
  assert.equal((await listings(cache)).code, 2);
  markStoredAnswer();
  const entries = readdirSync(cache);
  ran = await listings("off");
  assert.doesNotMatch(ran.stderr, /from the store/, "PI_COMPANION_LISTINGS_CACHE=off: compiled");
  assert.match(ran.stderr, /error TS2322: /);
  assert.deepEqual(readdirSync(cache), entries);
  assert.ok(!existsSync(join(PROJECT_ROOT, "off")), "off is no folder");
});
