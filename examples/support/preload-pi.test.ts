import assert from "node:assert/strict";
import { test } from "node:test";
import { preloadPiBefore, withPiFirst } from "./preload-pi.ts";

const preloads = (flags: string[]) => preloadPiBefore(flags).length > 0;

test("preload: a child whose only loader is tsx (npm start's or node --import tsx's flags) loads Pi before the hooks", () => {
  assert.equal(preloads(["--import", "tsx"]), true);
  assert.equal(
    preloads([
      "--require",
      "/p/node_modules/tsx/dist/preflight.cjs",
      "--import",
      "file:///p/node_modules/tsx/dist/loader.mjs",
    ]),
    true,
  );
  assert.equal(preloads(["--import=file:///p/node_modules/tsx/dist/loader.mjs", "--conditions", "x"]), true);
});

test("preload: ch37.no-agents-md under the release matrix or a mutant — another hook may serve another Pi (or a patched one), so nothing is preloaded", () => {
  assert.deepEqual(
    preloadPiBefore([
      "--import",
      "file:///p/node_modules/tsx/dist/loader.mjs",
      "--import",
      "/p/scripts/matrix/register-release-hook.ts",
    ]),
    [],
  );
  assert.deepEqual(preloadPiBefore(["--import", "tsx", "--import=/p/scripts/matrix/register-release-hook.ts"]), []);
  assert.deepEqual(preloadPiBefore(["--loader", "/p/other-loader.mjs"]), []);
});

test("preload: withPiFirst puts the preload ahead of tsx's flags, and adds nothing ahead of another hook", () => {
  assert.deepEqual(withPiFirst(["--import", "tsx"]).slice(2), ["--import", "tsx"]);
  assert.match(withPiFirst(["--import", "tsx"])[1]!, /\/examples\/support\/preload-pi\.mjs$/);
  assert.deepEqual(withPiFirst(["--loader", "/p/other-loader.mjs"]), ["--loader", "/p/other-loader.mjs"]);
});
