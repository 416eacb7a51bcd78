import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { listing } from "./load-listing.ts";
import { runChecks } from "./run-checks.ts";
import { modulePullsInPi, piRunningModules } from "../toolchain/runs-pi.ts";
import { verdictOf } from "./check.ts";

// Appendix D's "behavioural" is what these decide: a check ran Pi when a module it loaded
// imports Pi at run time.

test("runs-pi: a value import of Pi, directly or through relative imports, runs Pi; a type-only import does not", () => {
  const dir = mkdtempSync(join(tmpdir(), "runs-pi-"));
  try {
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const typeOnly = write("type-only.ts", 'import type { Agent } from "@earendil-works/pi-agent-core";\n');
    const inlineTypes = write("inline-types.ts", 'import { type Model } from "@earendil-works/pi-ai";\n');
    const value = write("value.ts", 'import { Agent } from "@earendil-works/pi-agent-core";\nexport { Agent };\n');
    const through = write("through.ts", 'import { Agent } from "./value.ts";\nexport const a = Agent;\n');
    const lazy = write("lazy.ts", 'export const load = () => import("./value.ts");\n');
    const cycle = write("cycle.ts", 'import "./cycle.ts";\nimport "./type-only.ts";\n');
    assert.deepEqual([typeOnly, inlineTypes, value, through, lazy, cycle].map(modulePullsInPi), [
      false,
      false,
      true,
      true,
      true,
      false,
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("runs-pi: the project's own modules: a scenario runs Pi, a type-checking table and a book-states file do not", () => {
  const at = (file: string) => modulePullsInPi(join(PROJECT_ROOT, file));
  assert.equal(at("examples/ch37-agent-core/replace-messages.ts"), true);
  assert.equal(at("scripts/ledger/probes/abort-discards-valid.ts"), true);
  assert.equal(at("scripts/ledger/probes/listings-compile.ts"), false);
  assert.equal(at("examples/ch38-typed-step/support/book-step.ts"), false);
});

test("runs-pi: the runner records the modules each check loaded, and piRunningModules keeps those that run Pi", async () => {
  // Inside the project, so that the module resolves the installed Pi.
  const dir = mkdtempSync(join(PROJECT_ROOT, ".cache", "runs-pi-"));
  try {
    const file = join(dir, "scenario.mjs");
    writeFileSync(file, 'import { Agent } from "@earendil-works/pi-agent-core";\nexport const made = typeof Agent;\n');
    const load = listing<{ made: string }>(pathToFileURL(file));
    const [ran, read] = await runChecks([
      { id: "runs", run: async () => verdictOf((await load()).made === "function", "loaded") },
      { id: "reads", run: async () => verdictOf(true, "read a file") },
    ]);
    assert.equal(ran?.kind, "result", JSON.stringify(ran));
    assert.deepEqual(ran?.loaded, [pathToFileURL(file).href]);
    assert.equal(read?.loaded, undefined);
    assert.deepEqual(piRunningModules(ran?.loaded ?? []), [pathToFileURL(file).href]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
