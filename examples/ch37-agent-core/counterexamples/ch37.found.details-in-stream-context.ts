// ch37.found.details-in-stream-context: a tool result's details reach the stream function in its
// Context, and not every adapter leaves them out: pi-messages sends them in the request body.
import { Agent, type StreamFn } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { capturePayload } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../research-agent.ts";

export const run = counterexample(import.meta.url, "ch37.found.details-in-stream-context", async () => {
  const { models, model } = scriptedModels([
    reply([call("lookup_evidence", { query: "shipped" })], { stopReason: "toolUse" }),
    reply("Yes, it shipped."),
  ]);
  const contexts: Context[] = [];
  // A host's own stream function: it is handed the Context, then passes it to pi-ai.
  const recording: StreamFn = (m, context, options) => {
    contexts.push(structuredClone(context));
    return models.streamSimple(m, context, options);
  };
  const corpus = { "notes-1": "Release 2.4 shipped on Tuesday." };
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [lookupEvidence(corpus)] },
    streamFn: recording,
  });
  await agent.prompt("Did release 2.4 ship?");
  const handed = contexts[1]!; // the request after the lookup
  const inContext = JSON.stringify(handed).includes('"hits"');
  const inBody = async (api: string) => JSON.stringify(await capturePayload(api, handed)).includes('"hits"');
  const [openai, piMessages] = [await inBody("openai-completions"), await inBody("pi-messages")];
  return {
    bookCase: {
      measured: `details in the Context handed to the stream function: ${inContext}; in openai-completions' request body: ${openai}`,
      bookIsRight: inContext && !openai,
    },
    otherCase: { measured: `in pi-messages' request body: ${piMessages}`, bookIsRight: !piMessages },
  };
});
