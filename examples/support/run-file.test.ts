import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { printedBy } from "./run-file.ts";

test("printedBy: a counterexample cell's child runs the .ts file under this process's loader flags, Pi loaded ahead of them", () => {
  const dir = mkdtempSync(join(tmpdir(), "run-file-"));
  try {
    const file = join(dir, "prints.ts");
    writeFileSync(file, 'const typed: string = "ran";\nconsole.log(typed, JSON.stringify(process.execArgv));\n');
    const [word, flags] = printedBy(file).trim().split(" ") as [string, string];
    assert.equal(word, "ran");
    const argv = JSON.parse(flags) as string[];
    // The first module the child loads is the preload (this process's own, when it has one).
    assert.ok(argv[1]?.endsWith("/examples/support/preload-pi.mjs"), `Pi is not loaded first: ${flags}`);
    assert.deepEqual(argv.slice(argv.length - process.execArgv.length), process.execArgv);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
