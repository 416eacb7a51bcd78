// ch37.tool.iserror-channel: the core hands an isError result on as an error, but some of
// pi-ai's adapters send it exactly as a successful result, so the model cannot see the flag.
import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call, Type, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { sendsErrorFlag } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";

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
  const tells = (api: string) => sendsErrorFlag(api, next!);
  const [anthropic, openai] = [await tells("anthropic-messages"), await tells("openai-completions")];
  return {
    bookCase: {
      measured: `the next request's Context carries the result with isError ${flagged}; anthropic-messages sends it marked as an error: ${anthropic}`,
      bookIsRight: flagged && anthropic,
    },
    otherCase: {
      measured: `openai-completions sends it marked as an error: ${openai}${openai ? "" : " (its body equals the one without isError)"}`,
      bookIsRight: openai,
    },
  };
});
