import assert from "node:assert/strict";
import { test } from "node:test";
import { PIN, checkInstall, isInstallProblem } from "./pin.ts";

test("pin: the installed packages are exactly the pinned versions", () => {
  const installed = checkInstall(PIN);
  assert.ok(!isInstallProblem(installed), isInstallProblem(installed) ? installed.message : "");
  assert.equal(installed.core, PIN.core);
  assert.equal(installed.ai, PIN.ai);
  assert.equal(installed.typebox, PIN.typebox);
});

test("pin: a different pi-ai than the measured one is refused with one line saying what to do", () => {
  const problem = checkInstall({ ...PIN, ai: "1.6.0" });
  assert.ok(isInstallProblem(problem));
  assert.equal(problem.kind, "wrong-version");
  assert.equal(problem.message, `installed @earendil-works/pi-ai ${PIN.ai}; this companion measures 1.6.0; run npm ci`);
  assert.ok(!problem.message.includes("\n"));
});

test("pin: a Node older than 20.19 is refused", () => {
  const problem = checkInstall(PIN, "20.18.3");
  assert.ok(isInstallProblem(problem));
  assert.equal(problem.kind, "wrong-node");
});

test("pin: Node 22 passes the Node check", () => {
  assert.ok(!isInstallProblem(checkInstall(PIN, "22.19.0")));
});
