// ch37.tool.iserror-channel: the core hands an isError result on as an error, but some of
// pi-ai's chat adapters (each one is tried) send it exactly as a successful result.
import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call, Type, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { sendsErrorFlag, splitAdapters } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
// ANCHOR: cases
const checkQuota: AgentTool = {
  name: "check_quota",
  label: "Check quota",
  description: "Checks the remaining quota.",
  parameters: Type.Object({}),
  execute: async () => ({ content: [{ type: "text", text: "quota exhausted" }], details: {}, isError: true }),
};

export const run = counterexample(import.meta.url, "ch37.tool.iserror-channel", async () => {
  let next: Context | undefined; // what the request after the tool call was built from
  const { models, model } = scriptedModels([
    reply([call("check_quota", {})], { stopReason: "toolUse" }),
    (context) => ((next = structuredClone(context)), reply("The quota is exhausted.")),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Check the quota.", model, tools: [checkQuota] },
    streamFn: models.streamSimple.bind(models),
  });
  await agent.prompt("How much quota is left?");
  const flagged = next!.messages.some((m) => m.role === "toolResult" && m.isError);
  const { yes: marking, no: alike, named } = await splitAdapters((api) => sendsErrorFlag(api, next!));
  return {
    bookCase: {
      measured: `the next request's Context carries the result with isError ${flagged}; sent marked as an error by ${named(marking)}`,
      bookIsRight: flagged && marking.length > 0,
    },
    otherCase: {
      measured: `sent exactly as the same result without isError (the model has only its text) by ${named(alike)}`,
      bookIsRight: alike.length === 0,
    },
  };
});
// ANCHOR_END: cases
