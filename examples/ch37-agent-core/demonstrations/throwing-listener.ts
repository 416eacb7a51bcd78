import { Agent } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { lookupEvidence } from "../research-agent.ts";

/** What a listener that throws does to a run: the first of two listeners throws at `throwsAt` events. */
export interface ThrowingListenerRun {
  throwsAt: "turn_end" | "agent_end";
  /** At every such event, or only at the first one. */
  times: "every" | "once";
  /** prompt()'s rejection message, or undefined when it resolved. */
  promptRejected: string | undefined;
  /** agent_end events the second listener received. */
  agentEndsSeenByLaterListener: number;
  providerRequests: number;
  /** The last transcript message: how the run's own record ends. */
  lastMessage: string;
}

/** A lookup, then an answer; listener one throws at every (or the first) `throwsAt`, listener two records. */
export async function runThrowingListener(
  throwsAt: "turn_end" | "agent_end",
  times: "every" | "once" = "every",
): Promise<ThrowingListenerRun> {
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", { query: "release" }), { stopReason: "toolUse" }),
    fauxAssistantMessage("Yes: 2.4 shipped on 3 March."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [lookupEvidence(releaseCorpus)] },
    streamFn: models.streamSimple.bind(models),
  });
  let thrown = 0;
  agent.subscribe((event) => {
    if (event.type !== throwsAt || (times === "once" && thrown > 0)) return;
    thrown++;
    throw new Error(`listener failed at ${throwsAt}`);
  });
  let agentEndsSeenByLaterListener = 0;
  agent.subscribe((event) => {
    if (event.type === "agent_end") agentEndsSeenByLaterListener++;
  });
  let promptRejected: string | undefined;
  try {
    await agent.prompt("Did the release ship?");
  } catch (error) {
    promptRejected = error instanceof Error ? error.message : String(error);
  }
  const last = agent.state.messages.at(-1);
  const lastMessage =
    last?.role === "assistant"
      ? `assistant(${last.stopReason}${last.errorMessage ? `: ${last.errorMessage}` : ""})`
      : (last?.role ?? "none");
  return {
    throwsAt,
    times,
    promptRejected,
    agentEndsSeenByLaterListener,
    providerRequests: faux.state.callCount,
    lastMessage,
  };
}
