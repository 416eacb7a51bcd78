import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { MAPPED_FOLDERS, mapInputs, renderChapterMap } from "./chapter-map.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

for (const folder of MAPPED_FOLDERS) {
  test(`${folder}/README.md is the map npm run maps writes from today's guides and files (run npm run maps)`, () => {
    assert.equal(readFileSync(join(PROJECT_ROOT, folder, "README.md"), "utf8"), renderChapterMap(mapInputs(PROJECT_ROOT, folder)));
  });
}

const rowOf = (map: string, file: string) => map.split("\n").find((line) => line.startsWith(`| \`${file}\` |`));

test("a file the guide stops including is no longer a listing, and loses the section's claim ids", () => {
  const inputs = mapInputs(PROJECT_ROOT, "examples/ch38-typed-step");
  assert.match(rowOf(renderChapterMap(inputs), "parallel.ts") ?? "", /^\| `parallel\.ts` \| listing \| 38-typed-step\.md § .*`ch38\.parallel-steps`/);
  const chapters = inputs.chapters.map((c) => ({ ...c, text: c.text.replace(/\{\{#include examples\/ch38-typed-step\/parallel\.ts:parallel\}\}/, "") }));
  assert.equal(rowOf(renderChapterMap({ ...inputs, chapters }), "parallel.ts"), "| `parallel.ts` | demonstration | — | — | — | — |");
});

test("a file under harness/ is harness whatever includes it; the checks that load it are named", () => {
  const map = renderChapterMap(mapInputs(PROJECT_ROOT, "examples/ch38-typed-step"));
  assert.match(rowOf(map, "harness/measure.ts") ?? "", /\| harness \|.*\| ch38-behaviour\/step-runs\.ts \|$/);
  assert.match(rowOf(map, "script.ts") ?? "", /\| support \|/);
});
