import assert from "node:assert/strict";
import { test } from "node:test";
import { npmView } from "./npm-registry.ts";

test("ch37.deps.coding-agent-builds-on-core: an unreachable registry is an answer (kind unreachable), not a throw", async () => {
  const offline = {
    ...process.env,
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_fetch_retries: "0",
    npm_config_offline: "false",
  };
  const answer = await npmView("@earendil-works/pi-coding-agent@1.0.3", "dependencies", offline);
  assert.equal(answer.kind, "unreachable");
  assert.ok(answer.kind === "unreachable" && !answer.detail.includes("\n"));
});

test("meta.pinned-1.0.4: the lookup answers with the version, also with the loglevel `npm start --silent` exports", async (t) => {
  const silent = { ...process.env, npm_config_loglevel: "silent" };
  const answer = await npmView("@earendil-works/pi-agent-core@1.0.3", "version", silent);
  if (answer.kind === "unreachable") {
    t.skip(`registry not reachable here: ${answer.detail}`);
    return;
  }
  assert.deepEqual(answer, { kind: "found", value: "1.0.3" });
});
