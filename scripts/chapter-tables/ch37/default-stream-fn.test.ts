import assert from "node:assert/strict";
import { test } from "node:test";
import { compileFiles } from "../../toolchain/compile.ts";
import { isInstallProblem, readInstalledPi } from "../../toolchain/pin.ts";

// The type side of host-stream-fns.ts (examples/ch37-agent-core): its run-time half is tested beside it.
test("ch37.exports.setDefaultStreamFn: qualified — in strict TypeScript, new Agent({ initialState }) without streamFn does not compile (TS2345)", () => {
  const installed = readInstalledPi();
  assert.ok(!isInstallProblem(installed), "Pi is not installed as pinned");
  const diagnostics = compileFiles(
    ["examples/ch37-agent-core/demonstrations/default-stream-fn.fails-to-compile.ts"],
    installed.dirs,
  );
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    [2345],
  );
  assert.match(diagnostics[0]!.message, /streamFn/);
});
