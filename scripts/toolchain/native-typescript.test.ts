import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { compileStrictly, nativeTypeScript } from "../../examples/support/compile-strictly.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { compileFiles, compileLater } from "./compile.ts";
import { isInstallProblem, readInstalledPi } from "./pin.ts";

// ch37.exports.setDefaultStreamFn's counterexample type-checks with TypeScript 7 (0.6 s, where
// the project's TypeScript 5.9 takes 3.3 s over Pi's declarations). Its answer stands for
// `npx tsc` only while the two compilers refuse the same lines: every file meant not to compile,
// and the book's two listings, which must compile.

const failing = readdirSync(join(PROJECT_ROOT, "examples"), { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".fails-to-compile.ts"))
  .map((path) => relative(PROJECT_ROOT, join(PROJECT_ROOT, "examples", path)))
  .sort();
const LISTINGS = ["examples/ch37-agent-core/research-agent.ts", "examples/ch38-typed-step/step.ts"];
// TypeScript 5.9's side: one program for the four files, not one each.
compileLater([...failing, ...LISTINGS]);

test(`TypeScript ${nativeTypeScript().version} refuses the lines TypeScript 5.9 refuses, in ${failing.length} files meant not to compile and the book's 2 listings`, async () => {
  assert.ok(failing.length >= 2, `the files meant not to compile are found: ${failing.join(", ")}`);
  const installed = readInstalledPi();
  assert.ok(!isInstallProblem(installed), "Pi is not installed as pinned");
  for (const file of [...failing, ...LISTINGS]) {
    const lines = (found: readonly { line: number | undefined }[]) => [...new Set(found.map((d) => d.line))].sort();
    const byFive = lines(compileFiles([file], installed.dirs));
    const bySeven = lines(await compileStrictly(file));
    assert.deepEqual(
      bySeven,
      byFive,
      `${file}: the lines TypeScript 7 refuses (left) against TypeScript 5.9's (right)`,
    );
    assert.equal(
      bySeven.length > 0,
      failing.includes(file),
      `${file}: refused by both exactly when it is meant not to compile`,
    );
  }
});
