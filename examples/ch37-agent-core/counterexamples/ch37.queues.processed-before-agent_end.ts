// ch37.queues.processed-before-agent_end: when the request after a tool call fails, the run
// ends with its single agent_end and a follow-up queued during the tool is left unprocessed.
import { Agent } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../research-agent.ts";
// ANCHOR: cases
/** Queues a follow-up while the lookup runs; `second` is the response to the request after it. */
async function followUpDuringLookup(second: ReturnType<typeof reply>) {
  const lookup = reply([call("lookup_evidence", { query: "release" })], { stopReason: "toolUse" });
  const { models, model } = scriptedModels([lookup, second, reply("The installer is not in 2.4.")]);
  const corpus = { "notes-1": "Release 2.4 shipped on Tuesday." };
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [lookupEvidence(corpus)] },
    streamFn: models.streamSimple.bind(models),
  });
  let agentEnds = 0;
  let queuedAtAgentEnd = false;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_start")
      agent.followUp({ role: "user", content: "Now check the installer.", timestamp: Date.now() });
    if (event.type === "agent_end") (agentEnds++, (queuedAtAgentEnd = agent.hasQueuedMessages()));
  });
  await agent.prompt("Did the release ship?");
  return {
    processed: agentEnds === 1 && !queuedAtAgentEnd,
    text: `agent_end ×${agentEnds}, follow-up still queued at it: ${queuedAtAgentEnd}`,
  };
}

export const run = counterexample(import.meta.url, "ch37.queues.processed-before-agent_end", async () => {
  const book = await followUpDuringLookup(reply("2.4 shipped."));
  const failed = await followUpDuringLookup(reply("", { stopReason: "error", errorMessage: "upstream 503" }));
  return {
    bookCase: { measured: `the request after the lookup ends normally: ${book.text}`, bookIsRight: book.processed },
    otherCase: {
      measured: `the request after the lookup ends in error: ${failed.text}`,
      bookIsRight: failed.processed,
    },
  };
});
// ANCHOR_END: cases
