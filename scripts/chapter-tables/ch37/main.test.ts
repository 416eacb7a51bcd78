import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
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
  assert.match(
    run.stderr,
    /^pi-book-companion: installed @earendil-works\/pi-ai \S+; this companion measures 0\.0\.0-not-installed; run npm ci\n$/,
  );
});

// A load hook that refuses the demonstrations and every Pi module: whatever main.ts loads before
// its pin check would fail the run with the hook's message instead of the pin check's line.
const REFUSE_DEMONSTRATIONS = `export async function load(url, context, next) {
  if (/\\/@earendil-works\\/|\\/examples\\/ch37-agent-core\\/|\\/chapter-tables\\/ch37\\/demo-tables\\.ts$/.test(url)) throw new Error("loaded: " + url);
  return next(url, context);
}`;
const REGISTER_REFUSAL = `data:text/javascript,${encodeURIComponent(
  `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(REFUSE_DEMONSTRATIONS)}`)});`,
)}`;

const runRefusing = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, ["--import", "tsx", "--import", REGISTER_REFUSAL, MAIN], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

test("npm run ch37 loads no demonstration and no Pi module before its pin check; once the check passes, the demonstrations load", () => {
  const refused = runRefusing({ PI_COMPANION_EXPECT_AI: "0.0.0-not-installed" });
  assert.equal(refused.status, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /^pi-book-companion: installed @earendil-works\/pi-ai \S+; this companion measures 0\.0\.0-not-installed; run npm ci\n$/,
  );
  // The same hook on a run whose pin check passes: the first module refused is the demonstrations'.
  const passed = runRefusing({});
  assert.notEqual(passed.status, 0);
  assert.match(
    passed.stderr.match(/loaded: \S+/)?.[0] ?? passed.stderr,
    /^loaded: file:\/\/\S*\/scripts\/chapter-tables\/ch37\/demo-tables\.ts$/,
  );
});
