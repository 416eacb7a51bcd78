import assert from "node:assert/strict";
import { test } from "node:test";
import { compileFiles } from "../../scripts/toolchain/compile.ts";
import { isInstallProblem, readInstalledPi } from "../../scripts/toolchain/pin.ts";
import { runThroughProxy, runWithDefaultStreamFn } from "./host-stream-fns.ts";

test("ch37.exports.setDefaultStreamFn: qualified — at run time two Agents built without streamFn send through the registered default", async () => {
  const run = await runWithDefaultStreamFn();
  assert.equal(run.requestsThroughDefault, 2);
  assert.deepEqual(run.answers, ["First answer.", "Second answer."]);
});

test("ch37.exports.setDefaultStreamFn: qualified — in strict TypeScript, new Agent({ initialState }) without streamFn does not compile (TS2345)", () => {
  const installed = readInstalledPi();
  assert.ok(!isInstallProblem(installed), "Pi is not installed as pinned");
  const diagnostics = compileFiles(["examples/ch37-agent-core/default-stream-fn.fails-to-compile.ts"], installed.dirs);
  assert.deepEqual(diagnostics.map((d) => d.code), [2345]);
  assert.match(diagnostics[0]!.message, /streamFn/);
});

test("ch37.exports.streamProxy: an Agent routed through streamProxy reaches the host's server and records what it streamed", async () => {
  const run = await runThroughProxy();
  assert.deepEqual(run.requests, [{ path: "/api/stream", carriesPrompt: true, bearer: true }]);
  assert.equal(run.answer, "Yes, via the proxy.");
  assert.equal(run.stopReason, "stop");
});
