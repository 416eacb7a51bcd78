import assert from "node:assert/strict";
import { test } from "node:test";
import type { Message } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { triageThenAct } from "./chaining.ts";
import { observedModels } from "./measure.ts";
import { submit, toolUse } from "./script.ts";

const REPORT = "The installer crashes on every machine since 2.4.";

test("chaining: the next step sees only the serialised value, no shared history — ch38.chaining.no-shared-history", async () => {
  const { models, model } = scriptedModels([
    toolUse(submit({ category: "bug", severity: "high" })),
    toolUse(submit({ action: "fix-now", reason: "A high-severity bug blocks every install." })),
  ]);
  const requests: Message[][] = [];
  const { triage, next } = await triageThenAct(observedModels(models, (c) => requests.push([...c.messages])), model, REPORT);

  assert.deepEqual(triage, { category: "bug", severity: "high" });
  assert.equal(next.action, "fix-now");
  const second = requests[1] ?? [];
  assert.deepEqual(second.map((m) => m.role), ["system", "user"], "a new agent: its own system message and one user message");
  const user = second[1];
  assert.ok(user?.role === "user");
  const text = typeof user.content === "string" ? user.content : user.content.map((b) => (b.type === "text" ? b.text : "")).join("");
  assert.equal(text, JSON.stringify(triage));
  assert.ok(!JSON.stringify(second).includes(REPORT), "the report itself never reaches the second step");
});
