import assert from "node:assert/strict";
import { test } from "node:test";
import type { AssistantMessage, Context } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { judgeAll } from "./parallel.ts";
import { submit, toolUse } from "./script.ts";

/** A scripted model that answers from the claim it was given, whichever step asked. */
function judgeFromClaim(context: Context): AssistantMessage {
  const user = context.messages.findLast((m) => m.role === "user");
  const text = user === undefined ? "" : typeof user.content === "string" ? user.content : JSON.stringify(user.content);
  return toolUse(submit({ verdict: text.includes("installer") ? "refuted" : "supported" }));
}

test("two steps under Promise.all each return their own value — ch38.parallel-steps", async () => {
  const { faux, models, model } = scriptedModels([judgeFromClaim, judgeFromClaim]);
  const values = await judgeAll(models, model, ["Claim: release 2.4 shipped.", "Claim: 2.4 included the new installer."]);
  assert.deepEqual(values, [{ verdict: "supported" }, { verdict: "refuted" }]);
  assert.equal(faux.state.callCount, 2);
});
