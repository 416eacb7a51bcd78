import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { closureBreaks, interfaceImport } from "../checks/layering.ts";
import { scanDist, specifiersInSource } from "./specifiers.ts";

const LEAKY = fileURLToPath(new URL("../fixtures/leaky-package", import.meta.url));

test("ch37.dist.specifiers-closed: every form is read from the syntax tree, comments and strings are not", () => {
  const scan = scanDist(LEAKY);
  const js = scan[".js"].map((u) => `${u.form} ${u.specifier}${u.computed ? " (computed)" : ""} @${u.file}`).sort();
  assert.deepEqual(js, [
    "dynamic-import chalk @dist/index.js",
    "dynamic-import name (computed) @dist/index.js",
    "export-from ./sub/inner.js @dist/index.js",
    "export-from ink @dist/index.js",
    "import ../../../outside.js @dist/sub/inner.js",
    "import @earendil-works/pi-ai @dist/sub/inner.js",
    "import node:fs @dist/index.js",
    "import typebox @dist/index.js",
    "require blessed @dist/index.js",
  ]);
  const dts = scan[".d.ts"].map((u) => `${u.form} ${u.specifier}`).sort();
  assert.deepEqual(dts, ["import @earendil-works/pi-ai", "import-type neo-blessed", "import-type typebox"]);
});

test("ch37.dist.specifiers-closed: a bare package outside pi-ai/typebox, an escaping path and a computed import each break the closure", () => {
  const scan = scanDist(LEAKY);
  const breaks = closureBreaks(LEAKY, [...scan[".js"], ...scan[".d.ts"]])
    .map((u) => u.specifier)
    .sort();
  assert.deepEqual(breaks, ["../../../outside.js", "blessed", "chalk", "ink", "name", "neo-blessed", "node:fs"]);
});

test("ch37.dist.no-interface-imports: node:fs, ink, chalk, blessed and neo-blessed are interface imports; pi-ai, typebox and relative paths are not", () => {
  for (const specifier of [
    "node:fs",
    "fs/promises",
    "ink",
    "chalk",
    "blessed",
    "neo-blessed",
    "@earendil-works/pi-coding-agent",
  ]) {
    assert.notEqual(interfaceImport(specifier), undefined, specifier);
  }
  for (const specifier of ["@earendil-works/pi-ai", "typebox", "./agent.js", "node:crypto"]) {
    assert.equal(interfaceImport(specifier), undefined, specifier);
  }
});

test("ch37.dist.specifiers-closed: require() with import-equals in a .d.ts is an import too", () => {
  const uses = specifiersInSource(join(LEAKY, "x.d.ts"), 'import fs = require("fs");\nexport = fs;');
  assert.deepEqual(uses, [{ specifier: "fs", form: "import" }]);
});
