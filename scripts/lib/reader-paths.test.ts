import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { forReader, fromReader, readerFolder } from "./reader-paths.ts";
import { PROJECT_ROOT } from "./paths.ts";
import { asNpmRunsIt } from "./npm-scripts.ts";

const NOTEBOOKS = join(PROJECT_ROOT, "notebooks");

test("a path typed in notebooks/ with npm run notebooks is found in notebooks/", () => {
  const env = { npm_lifecycle_event: "notebooks", INIT_CWD: NOTEBOOKS };
  assert.equal(readerFolder("notebooks", env), NOTEBOOKS);
  assert.equal(fromReader("notebooks", "ch38-recipe.ipynb", env), join(NOTEBOOKS, "ch38-recipe.ipynb"));
  assert.equal(forReader("notebooks", join(NOTEBOOKS, "ch38-recipe.ipynb"), env), "ch38-recipe.ipynb");
});

test("an INIT_CWD inherited from another npm script (npm test spawning a command) is ignored", () => {
  const env = { npm_lifecycle_event: "test:unit", INIT_CWD: NOTEBOOKS };
  assert.equal(readerFolder("notebooks", env), process.cwd());
  assert.equal(fromReader("notebooks", "/abs/file.ipynb", env), "/abs/file.ipynb");
});

test("npm run notebooks -- ch38-recipe.ipynb missing.ipynb, typed in notebooks/: finds the first, names the second from the root, runs nothing", () => {
  const run = spawnSync(
    process.execPath,
    asNpmRunsIt(join(PROJECT_ROOT, "scripts/notebooks/main.ts"), ["ch38-recipe.ipynb", "missing.ipynb"]),
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, npm_lifecycle_event: "notebooks", INIT_CWD: NOTEBOOKS },
      encoding: "utf8",
    },
  );
  assert.equal(run.stderr, "notebooks/missing.ipynb: no such file\n");
  assert.equal(run.stdout, "");
  assert.equal(run.status, 2);
});
