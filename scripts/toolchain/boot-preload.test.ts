// boot.mjs loads Pi ahead of tsx's hooks for an entry point that runs Pi itself, and skips it
// for one that does not (scripts/lib/entries-without-pi.json): the list is what modulePullsInPi
// measures of every npm script's entry, so an entry that starts importing Pi leaves it here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { scriptEntry } from "../lib/npm-scripts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { modulePullsInPi } from "./runs-pi.ts";

const ENTRIES_WITHOUT_PI = JSON.parse(
  readFileSync(join(PROJECT_ROOT, "scripts", "lib", "entries-without-pi.json"), "utf8"),
) as string[];
const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
const entries = Object.values(scripts).flatMap((line) => scriptEntry(line) ?? []);

test("boot.mjs skips Pi for exactly the npm scripts' entries that run no Pi in their own process", () => {
  const measured = entries.filter((entry) => !modulePullsInPi(join(PROJECT_ROOT, entry))).sort();
  assert.deepEqual([...ENTRIES_WITHOUT_PI].sort(), measured);
});

test("boot.mjs still loads Pi ahead of tsx for the ledger, the chapters' tables and the fuzzer", () => {
  for (const name of ["start", "ch37", "fuzz"]) {
    const entry = scriptEntry(scripts[name] ?? "");
    assert.ok(entry !== undefined, name);
    assert.ok(!ENTRIES_WITHOUT_PI.includes(entry), `${entry} runs Pi; boot.mjs must load it first`);
  }
});
