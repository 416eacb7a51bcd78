import assert from "node:assert/strict";
import { test } from "node:test";
import { showingsIn } from "./guide-showings.ts";

const GUIDE = [
  "## Tools",
  "A tool's params are typed {{claim a.typed}}.",
  "",
  "{{#include examples/x/typed.ts:typed-tool}}",
  "",
  "A failing tool is an error result {{claim a.fails}}.",
  "",
  "```ts run",
  'import { run } from "./examples/x/failing.ts";',
  "```",
  "",
  "## Bounds",
  "",
  "{{#include examples/x/bounds.ts:bounds}}",
  "",
  "The bound stops the run {{claim a.bound}}.",
].join("\n");

test("a region takes the claims of the prose that leads into it; a code cell those of the prose before it", () => {
  const shown = showingsIn("chapters/x.md", GUIDE).map(({ file, region, kind, claims }) => ({
    file,
    region,
    kind,
    claims,
  }));
  assert.deepEqual(shown.slice(0, 2), [
    { file: "examples/x/typed.ts", region: "typed-tool", kind: "include", claims: ["a.typed"] },
    { file: "examples/x/failing.ts", region: undefined, kind: "run", claims: ["a.fails"] },
  ]);
});

test("a section's last region takes the claims stated after it, up to the next heading", () => {
  const bounds = showingsIn("chapters/x.md", GUIDE).find((s) => s.file === "examples/x/bounds.ts");
  assert.deepEqual([bounds?.heading, bounds?.claims], ["Bounds", ["a.bound"]]);
});
