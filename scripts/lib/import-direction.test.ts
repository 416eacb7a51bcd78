import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { relativeImports, sourceFiles } from "./import-graph.ts";
import { CHAPTER_FOLDERS, EXAMPLES_DIR } from "./layout.ts";
import { PROJECT_ROOT } from "./paths.ts";

// Imports run scripts/ → examples/ → Pi. A reader's code that reached into scripts/ would tie
// what the book shows to what measures it; packages (Pi, typebox) are not relative, so only
// project files count.
const EXAMPLES = join(PROJECT_ROOT, EXAMPLES_DIR);

/** The imports in `files` that leave examples/, each as "file imports specifier". */
function importsLeavingExamples(
  files: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, "utf8"),
): string[] {
  return files.flatMap((file) =>
    relativeImports(file, read(file))
      .filter(({ target }) => !target.startsWith(EXAMPLES + sep))
      .map(({ specifier }) => `${relative(PROJECT_ROOT, file)} imports ${specifier}`),
  );
}

test("no file under examples/ imports from scripts/ (or anything else outside examples/): imports run scripts/ → examples/ → Pi", () => {
  const files = sourceFiles(EXAMPLES);
  // Each chapter's files are scanned, so a scan that found nothing could not pass.
  for (const folder of CHAPTER_FOLDERS)
    assert.ok(
      files.some((file) => relative(PROJECT_ROOT, file).startsWith(`${folder}/`)),
      folder,
    );
  assert.deepEqual(importsLeavingExamples(files), []);
});

test("import direction: a listing that imports scripts/toolchain/pin.ts, planted, is named", () => {
  const step = join(PROJECT_ROOT, CHAPTER_FOLDERS[1], "step.ts");
  const planted = (file: string) =>
    `import { PIN } from "../../scripts/toolchain/pin.ts";\n${readFileSync(file, "utf8")}`;
  assert.deepEqual(importsLeavingExamples([step], planted), [
    `${CHAPTER_FOLDERS[1]}/step.ts imports ../../scripts/toolchain/pin.ts`,
  ]);
});
