// ch37.tool.details-not-model-text: details stay out of the request body of most of pi-ai's
// chat adapters (each one is tried), but pi-messages sends the whole context, details included.
import { fauxAssistantMessage as reply, fauxToolCall as call, type Context } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { bodyHolds, splitAdapters } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { makeResearchAgent } from "../research-agent.ts";
// ANCHOR: cases
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
  const { yes: sending, no: leaving, named } = await splitAdapters((api) => bodyHolds(api, next!, '"hits"'));
  return {
    bookCase: {
      measured: `details ${kept} on the transcript's toolResult; left out of the request body by ${named(leaving)}`,
      bookIsRight: kept !== undefined && leaving.length > 0,
    },
    otherCase: { measured: `sent in the request body by ${named(sending)}`, bookIsRight: sending.length === 0 },
  };
});
// ANCHOR_END: cases
