// ch37.steer.after-current-turn: a steer sent while a request runs that then fails is not
// delivered in that run at all: it stays queued until the host prompts again.
import { Agent } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage as reply, fauxToolCall as call } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../research-agent.ts";
// ANCHOR: cases
const STEER = "Steer: check the installer too.";

/** Steers at the first assistant message_start; `first` answers that first request. */
async function steerDuring(first: ReturnType<typeof reply>) {
  const { faux, models, model } = scriptedModels([first, reply("2.4 shipped.")]);
  const tools = [lookupEvidence({ "notes-1": "Release 2.4 shipped on Tuesday." })];
  const agent = new Agent({
    initialState: { systemPrompt: "Research.", model, tools },
    streamFn: models.streamSimple.bind(models),
  });
  agent.subscribe((event) => {
    if (event.type === "message_start" && event.message.role === "assistant" && faux.state.callCount === 1)
      agent.steer({ role: "user", content: STEER, timestamp: Date.now() });
  });
  await agent.prompt("Did the release ship?");
  const roles = agent.state.messages.map((m) =>
    m.role === "user" && contentText(m.content) === STEER ? "steer" : m.role,
  );
  const text = `${roles.join(" → ")}; ${faux.state.callCount} request(s); still queued: ${agent.hasQueuedMessages()}`;
  // Right after the running turn (its reply, then its tool results), not turns later: before the next reply.
  const rest = roles.slice(roles.indexOf("assistant") + 1);
  const next = rest.findIndex((role) => role !== "toolResult");
  return { delivered: rest[next] === "steer" && rest[next + 1] === "assistant", text };
}

export const run = counterexample(import.meta.url, "ch37.steer.after-current-turn", async () => {
  const book = await steerDuring(reply([call("lookup_evidence", { query: "release" })], { stopReason: "toolUse" }));
  const failed = await steerDuring(reply("", { stopReason: "error", errorMessage: "upstream 503" }));
  return {
    bookCase: { measured: `steered while the lookup's request ran: ${book.text}`, bookIsRight: book.delivered },
    otherCase: {
      measured: `steered while a request ran that ended in error: ${failed.text}`,
      bookIsRight: failed.delivered,
    },
  };
});
// ANCHOR_END: cases
