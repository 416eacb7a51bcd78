import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { showingsIn } from "../maps/guide-showings.ts";
import { PRINTED_AS_IS } from "../port/ports.ts";
import { LISTINGS } from "../toolchain/listing-source.ts";
import {
  CHAPTER_FOLDERS,
  CHAPTER_TABLES_DIR,
  EXAMPLES_DIR,
  ROLE_FOLDERS,
  SHARED_SUPPORT_DIR,
  SOURCE_DIRS,
  TOOLCHAIN_DIR,
} from "../lib/layout.ts";
import { scriptEntry } from "../lib/npm-scripts.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

// layout.ts names the folders; these tests hold what cannot import it to the same names, and
// the folders themselves to the roles it gives them.

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), "utf8");
const underChapter = (path: string) => CHAPTER_FOLDERS.some((folder) => path.startsWith(`${folder}/`));

/** The files the chapter guides include (`{{#include}}`), as project paths. */
function includedByGuides(): Set<string> {
  const guides = readdirSync(join(PROJECT_ROOT, "chapters")).filter((name) => name.endsWith(".md"));
  return new Set(
    guides
      .flatMap((name) => showingsIn(`chapters/${name}`, read(`chapters/${name}`)))
      .filter((s) => s.kind === "include")
      .map((s) => s.file),
  );
}

test("layout: tsconfig.json type-checks the source folders, fixtures aside", () => {
  const config = JSON.parse(read("tsconfig.json")) as { include: string[]; exclude: string[] };
  assert.deepEqual(
    config.include,
    SOURCE_DIRS.map((dir) => `${dir}/**/*.ts`),
  );
  assert.ok(config.exclude.includes(`**/${ROLE_FOLDERS.fixture}/**`), config.exclude.join(", "));
});

test("layout: examples/ holds the chapter folders and the shared support, nothing else", () => {
  const entries = readdirSync(join(PROJECT_ROOT, EXAMPLES_DIR))
    .map((name) => `${EXAMPLES_DIR}/${name}`)
    .sort();
  assert.deepEqual(entries, [...CHAPTER_FOLDERS, SHARED_SUPPORT_DIR].sort());
});

for (const folder of CHAPTER_FOLDERS) {
  test(`layout: the top of ${folder}/ holds only listings a guide includes, their tests and the map; at most one subfolder per role`, () => {
    const included = includedByGuides();
    const roles: readonly string[] = Object.values(ROLE_FOLDERS);
    const misplaced = readdirSync(join(PROJECT_ROOT, folder), { withFileTypes: true })
      .filter((entry) =>
        entry.isDirectory()
          ? !roles.includes(entry.name)
          : !(entry.name === "README.md" || entry.name.endsWith(".test.ts") || included.has(`${folder}/${entry.name}`)),
      )
      .map((entry) => entry.name);
    assert.deepEqual(misplaced, []);
  });
}

test("layout: the kernel spells examples/, fixtures and the pin as layout.ts does", () => {
  const kernelDir = "scripts/notebooks/kernel";
  const kernel = readdirSync(join(PROJECT_ROOT, kernelDir))
    .map((name) => `${kernelDir}/${name}`)
    .filter((file) => /\.(c?js|c?ts)$/.test(file));
  const spelled: string[] = [];
  for (const file of kernel) {
    const text = read(file);
    // path.join(projectRoot, "a", "b") with literal segments: the folders it reads.
    for (const [, args] of text.matchAll(/path\.join\(projectRoot,((?:\s*"[^"]+",?)+)\)/g)) {
      const path = [...args!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).join("/");
      if (SOURCE_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`))) spelled.push(path);
    }
    for (const [, name] of text.matchAll(/"\*\*\/([a-z-]+)\/\*\*"/g))
      assert.equal(name, ROLE_FOLDERS.fixture, `${file} excludes **/${name}/**`);
    for (const [, path] of text.matchAll(/"(examples\/[^"]+\.ts)"/g))
      assert.ok(underChapter(path!) && existsSync(join(PROJECT_ROOT, path!)), `${file} names ${path}`);
  }
  // The kernel reads examples/ for the files a cell may import, and the pin check from the toolchain.
  assert.ok(spelled.includes(EXAMPLES_DIR), spelled.join(", "));
  for (const path of spelled)
    assert.ok(
      path === EXAMPLES_DIR || (path.startsWith(`${TOOLCHAIN_DIR}/`) && existsSync(join(PROJECT_ROOT, path))),
      `the kernel reads ${path}`,
    );
});

test("layout: the book's listings, the listings kept as printed and the npm run chapter tables lie where layout.ts says", () => {
  for (const path of [...Object.values(LISTINGS), ...PRINTED_AS_IS])
    assert.ok(underChapter(path) && existsSync(join(PROJECT_ROOT, path)), path);
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  for (const name of ["ch37", "ch38", "turn-limit", "recipe"]) {
    const entry = scriptEntry(scripts[name] ?? "") ?? "";
    assert.ok(
      entry.startsWith(`${CHAPTER_TABLES_DIR}/`) && existsSync(join(PROJECT_ROOT, entry)),
      `npm run ${name}: ${scripts[name]}`,
    );
  }
});
