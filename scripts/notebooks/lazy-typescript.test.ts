// tslab's TypeScript is loaded on first use (kernel/lazy-typescript.cjs): what tslab's
// modules do with it while they load must not load it, and must still take effect.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";

const require = createRequire(import.meta.url);
const { lazyTypeScript } = require("./kernel/lazy-typescript.cjs") as {
  lazyTypeScript: (load: () => unknown, version: string) => Record<string, any>;
};

function fakeTypeScript() {
  return { version: "5.0.4-loaded", sys: { useCaseSensitiveFileNames: false, newLine: "\n" }, createScanner: () => "scanner" };
}

test("kernel.lazy-typescript: loading tslab's modules (__esModule, version, sys settings) does not load TypeScript", () => {
  let loads = 0;
  const ts = lazyTypeScript(() => (loads++, fakeTypeScript()), "5.0.4");
  assert.equal(ts.__esModule, true);
  assert.equal(ts.version, "5.0.4");
  ts.sys.useCaseSensitiveFileNames = true;
  assert.equal(loads, 0);
});

test("kernel.lazy-typescript: the first other use loads it once, with the sys settings made before", () => {
  let loads = 0;
  const ts = lazyTypeScript(() => (loads++, fakeTypeScript()), "5.0.4");
  ts.sys.useCaseSensitiveFileNames = true;
  assert.equal(ts.createScanner(), "scanner");
  assert.equal(ts.sys.useCaseSensitiveFileNames, true);
  assert.equal(ts.sys.newLine, "\n");
  assert.equal(ts.version, "5.0.4-loaded");
  assert.equal(loads, 1);
});

test("kernel.lazy-typescript: reading a sys field before the load loads it", () => {
  let loads = 0;
  const ts = lazyTypeScript(() => (loads++, fakeTypeScript()), "5.0.4");
  assert.equal(ts.sys.newLine, "\n");
  assert.equal(loads, 1);
});
