// ch37.found.details-in-stream-context: a tool result's details reach the stream function in its
// Context, and not every chat adapter of pi-ai (each one is tried) leaves them out of the body.
import { Agent, type StreamFn } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { bodyHolds, splitAdapters } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../research-agent.ts";
// ANCHOR: cases
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
  const { yes: sending, no: leaving, named } = await splitAdapters((api) => bodyHolds(api, handed, '"hits"'));
  return {
    bookCase: {
      measured: `details in the Context handed to the stream function: ${inContext}; left out of the request body by ${named(leaving)}`,
      bookIsRight: inContext && leaving.length > 0,
    },
    otherCase: { measured: `sent in the request body by ${named(sending)}`, bookIsRight: sending.length === 0 },
  };
});
// ANCHOR_END: cases
