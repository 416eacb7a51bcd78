import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

test("npm run ch37 refuses another pi-ai with one line and exit status 2, printing nothing else", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...process.env, PI_COMPANION_EXPECT_AI: "0.0.0-not-installed" },
    encoding: "utf8",
  });
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /^pi-book-companion: installed @earendil-works\/pi-ai \S+; this companion measures 0\.0\.0-not-installed; run npm ci\n$/);
});

test("main.ts imports only the pin check and the command line statically; the demonstrations load after the pin check passes", () => {
  const source = readFileSync(MAIN, "utf8");
  const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gm)].map((m) => m[1]);
  assert.deepEqual(staticImports, ["../../scripts/lib/cli.ts", "../support/pin.ts"]);
  assert.match(source, /requirePinnedPi\(\);[\s\S]*await import\("\.\/demo\.ts"\)/);
});
