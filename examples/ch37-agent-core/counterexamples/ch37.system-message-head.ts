// ch37.system-message-head: when initialState.messages already start with a system message,
// the core records neither the systemPrompt nor the tools at the head of the transcript.
import { Agent } from "@earendil-works/pi-agent-core";
import { getSystemMessageText, type Message } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence, makeResearchAgent } from "../research-agent.ts";
// ANCHOR: cases
const corpus = { "notes-1": "Release 2.4 shipped on Tuesday." };

/** messages[0] of a fresh agent: its role, text and the tools it declares. */
function head(agent: Agent, prompt: string) {
  const first = agent.state.messages[0];
  if (first?.role !== "system") return { text: `messages[0] is ${first?.role ?? "missing"}`, isPrompt: false };
  const tools = (first.toolsAdded ?? []).map((tool) => tool.name).join(", ") || "none";
  const text = getSystemMessageText(first);
  return { text: `messages[0] is system "${text}", tools: ${tools}`, isPrompt: text === prompt && tools !== "none" };
}

export const run = counterexample(import.meta.url, "ch37.system-message-head", async () => {
  const { models, model } = scriptedModels();
  const book = makeResearchAgent(models, model, corpus);
  const bookHead = head(book, book.state.systemPrompt);
  const restored: Message = {
    role: "system",
    content: "An earlier system message, restored with the history.",
    timestamp: 0,
  };
  const prompt = "Research the claim with lookup_evidence.";
  const preset = new Agent({
    initialState: { systemPrompt: prompt, model, tools: [lookupEvidence(corpus)], messages: [restored] },
    streamFn: models.streamSimple.bind(models),
  });
  const presetHead = head(preset, prompt);
  return {
    bookCase: { measured: `the research agent: ${bookHead.text}`, bookIsRight: bookHead.isPrompt },
    otherCase: {
      measured: `the same systemPrompt and tool, initialState.messages starting with a system message: ${presetHead.text}`,
      bookIsRight: presetHead.isPrompt,
    },
  };
});
// ANCHOR_END: cases
