// ch37.found.throwing-listener-ends-run: a listener that throws only once does not end the run
// that way: the core re-sends the failure's events, and prompt() resolves when it does not throw again.
import { Agent } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../research-agent.ts";
// ANCHOR: cases
/** A lookup, then an answer; the first listener throws at turn_end (every time, or only the first). */
async function throwingAtTurnEnd(times: "every" | "once") {
  const { models, model } = scriptedModels([
    reply([call("lookup_evidence", { query: "release" })], { stopReason: "toolUse" }),
    reply("Yes: 2.4 shipped."),
  ]);
  const tools = [lookupEvidence({ "notes-1": "Release 2.4 shipped on Tuesday." })];
  const agent = new Agent({
    initialState: { systemPrompt: "Research.", model, tools },
    streamFn: models.streamSimple.bind(models),
  });
  let thrown = 0;
  agent.subscribe((event) => {
    if (event.type === "turn_end" && (times === "every" || thrown++ === 0)) throw new Error("listener failed");
  });
  let laterSawAgentEnd = false;
  agent.subscribe((event) => void (event.type === "agent_end" && (laterSawAgentEnd = true)));
  const prompt = await settled(agent.prompt("Did the release ship?"));
  const ended = prompt.startsWith("Error") && !laterSawAgentEnd;
  return { ended, text: `prompt(): ${prompt}; the later listener saw agent_end: ${laterSawAgentEnd}` };
}

export const run = counterexample(import.meta.url, "ch37.found.throwing-listener-ends-run", async () => {
  const every = await throwingAtTurnEnd("every");
  const once = await throwingAtTurnEnd("once");
  return {
    bookCase: { measured: `the listener throws at every turn_end: ${every.text}`, bookIsRight: every.ended },
    otherCase: { measured: `the listener throws at the first turn_end only: ${once.text}`, bookIsRight: once.ended },
  };
});
// ANCHOR_END: cases
