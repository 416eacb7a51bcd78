// PI_COMPANION_LISTINGS in the notebooks: the kernel reads the reader's listing wherever a
// cell imports ours. The recipe notebook runs the step table, so the unfixed turn guard
// shows in its outputs and the book's transcription does not.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { test } from "node:test";
import { LISTINGS, LISTINGS_ENV } from "../toolchain/listing-source.ts";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

const kernelListings = createRequire(import.meta.url)("./kernel/reader-listings.cjs") as {
  LISTINGS: Record<string, string>;
  readerListings: (root: string, env: NodeJS.ProcessEnv) => Map<string, string>;
};
const FIXTURES = join(PROJECT_ROOT, "scripts", "listings", "fixtures");
const RECIPE = "notebooks/ch38-recipe.ipynb";
const notebooks = (dir: string, ...args: string[]) =>
  runCommand(process.execPath, asNpmRunsIt("scripts/notebooks/main.ts", args), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, [LISTINGS_ENV]: dir },
    timeoutMs: 600_000,
  });

test("notebooks: the kernel's switch names the same two listing files as the project's", () => {
  assert.deepEqual(kernelListings.LISTINGS, LISTINGS);
  const replaced = kernelListings.readerListings(PROJECT_ROOT, { [LISTINGS_ENV]: join(FIXTURES, "unfixed-guard") });
  assert.deepEqual([...replaced], [[join(PROJECT_ROOT, LISTINGS.step), join(FIXTURES, "unfixed-guard", "step.ts")]]);
  assert.equal(kernelListings.readerListings(PROJECT_ROOT, {}).size, 0);
});

test(`notebooks: ${LISTINGS_ENV}=the unfixed guard changes the recipe's table row "submit batched with a non-terminating tool"; the book's transcription matches`, async () => {
  const unfixed = await notebooks(join(FIXTURES, "unfixed-guard"), RECIPE);
  assert.equal(unfixed.code, 1, unfixed.stdout + unfixed.stderr);
  assert.match(unfixed.stdout + unfixed.stderr, /submit batched with a non-terminating +(tool +)?\{"verdict":"supported"\} +7 +NO: expects \{"verdict":"supported"\} after/);
  const book = await notebooks(join(FIXTURES, "book"), RECIPE);
  assert.equal(book.code, 0, book.stdout + book.stderr);
});

test(`notebooks: --write is refused while ${LISTINGS_ENV} is set (the stored outputs are our code's)`, async () => {
  const ran = await notebooks(join(FIXTURES, "book"), "--write", RECIPE);
  assert.equal(ran.code, 2);
  assert.match(ran.stderr, /^notebooks: --write stores our listings' outputs; unset PI_COMPANION_LISTINGS/);
});
