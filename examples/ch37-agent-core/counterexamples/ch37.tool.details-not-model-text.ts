// ch37.tool.details-not-model-text: details stay out of the request body of nine of pi-ai's
// adapters, but pi-messages sends the whole context, details included, to the model's host.
import { fauxAssistantMessage as reply, fauxToolCall as call, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { capturePayload } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { makeResearchAgent } from "../research-agent.ts";

// lookup_evidence keeps {query, hits} in details: the key "hits" appears nowhere else.
const corpus = { "notes-7f3a": "Release 2.4 shipped on Tuesday." };

export const run = counterexample(import.meta.url, "ch37.tool.details-not-model-text", async () => {
  let next: Context | undefined; // what the request after the lookup was built from
  const { models, model } = scriptedModels([
    reply([call("lookup_evidence", { query: "shipped" })], { stopReason: "toolUse" }),
    (context) => ((next = structuredClone(context)), reply("Yes, it shipped.")),
  ]);
  const agent = makeResearchAgent(models, model, corpus);
  await agent.prompt("Did release 2.4 ship?");
  const kept = JSON.stringify(agent.state.messages.flatMap((m) => (m.role === "toolResult" ? [m.details] : []))[0]);
  // The body each adapter would send for that request: does it carry the details?
  const sends = async (api: string) => JSON.stringify(await capturePayload(api, next!)).includes('"hits"');
  const [anthropic, openai, piMessages] = [
    await sends("anthropic-messages"),
    await sends("openai-completions"),
    await sends("pi-messages"),
  ];
  return {
    bookCase: {
      measured: `details ${kept} on the transcript's toolResult; in the request body of anthropic-messages: ${anthropic}, of openai-completions: ${openai}`,
      bookIsRight: kept !== undefined && !anthropic && !openai,
    },
    otherCase: { measured: `in the request body of pi-messages: ${piMessages}`, bookIsRight: !piMessages },
  };
});
