import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { MAPPED_FOLDERS, mapInputs, renderChapterMap } from "./chapter-map.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

for (const folder of MAPPED_FOLDERS) {
  test(`${folder}/README.md is the map npm run maps writes from today's guides and files (run npm run maps)`, () => {
    assert.equal(
      readFileSync(join(PROJECT_ROOT, folder, "README.md"), "utf8"),
      renderChapterMap(mapInputs(PROJECT_ROOT, folder)),
    );
  });
}

const rowOf = (map: string, file: string) => map.split("\n").find((line) => line.startsWith(`| \`${file}\` |`));

test("a file the guide stops including is no longer a listing, and loses the claims that led into its region", () => {
  const inputs = mapInputs(PROJECT_ROOT, "examples/ch38-typed-step");
  assert.match(
    rowOf(renderChapterMap(inputs), "parallel.ts") ?? "",
    /^\| `parallel\.ts` \| listing \| § Chaining and parallel steps: `parallel` \| `ch38\.parallel-steps` \|/,
  );
  const chapters = inputs.chapters.map((c) => ({
    ...c,
    text: c.text.replace(/\{\{#include examples\/ch38-typed-step\/parallel\.ts:parallel\}\}/, ""),
  }));
  assert.equal(
    rowOf(renderChapterMap({ ...inputs, chapters }), "parallel.ts"),
    "| `parallel.ts` | demonstration | — | — | — |",
  );
});

test("untyped-params.fails-to-compile.ts: only the claim the guide states before its region, not every claim of its section", () => {
  const map = renderChapterMap(mapInputs(PROJECT_ROOT, "examples/ch37-agent-core"));
  assert.equal(
    rowOf(map, "untyped-params.fails-to-compile.ts"),
    "| `untyped-params.fails-to-compile.ts` | listing | § Tools: AgentTool: `untyped-tool` | `ch37.types.untyped-params-unknown` | — |",
  );
});

test("each map begins with start here, pointing at the book's listing in its folder", () => {
  for (const [folder, listing] of [
    ["examples/ch37-agent-core", "research-agent.ts"],
    ["examples/ch38-typed-step", "step.ts"],
  ] as const) {
    const [, , startHere] = renderChapterMap(mapInputs(PROJECT_ROOT, folder)).split("\n");
    assert.ok(startHere?.startsWith(`**Start here:** [\`${listing}\`](${listing}), the book's listing.`), startHere);
  }
});

test("a file under support/ is support and one under demonstrations/ a demonstration whatever includes it; the checks that load it are named", () => {
  const map = renderChapterMap(mapInputs(PROJECT_ROOT, "examples/ch38-typed-step"));
  assert.match(rowOf(map, "support/measure.ts") ?? "", /\| support \|.*\| ch38-behaviour\/step-runs\.ts \|$/);
  assert.match(
    rowOf(map, "demonstrations/step-demos.ts") ?? "",
    /\| demonstration \|.*\| ch38-behaviour\/chaining-parallel\.ts \|$/,
  );
  assert.match(rowOf(map, "support/script.ts") ?? "", /\| support \|/);
});
