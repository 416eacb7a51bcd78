import { Agent } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { lookupEvidence } from "../research-agent.ts";
import { recordingStreamFn } from "../counting-stream-fn.ts";

const FOLLOW_UP = "Follow-up: now check the installer.";

/** A follow-up queued while a tool runs, in a run whose next request fails. */
export interface FailedEndQueueRun {
  stopReason: "error" | "aborted";
  agentEnds: number;
  /** The follow-up reached the transcript. */
  followUpDelivered: boolean;
  /** Something was still queued after prompt() settled. */
  queuedAfterRun: boolean;
  providerRequests: number;
}

/** Queues a follow-up during the lookup; the request after the lookup ends with `stopReason`. */
export async function runQueueOnFailedEnd(stopReason: "error" | "aborted"): Promise<FailedEndQueueRun> {
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", { query: "release" }), { stopReason: "toolUse" }),
    fauxAssistantMessage("", {
      stopReason,
      errorMessage: stopReason === "error" ? "upstream 503" : "request cancelled",
    }),
    fauxAssistantMessage("The installer is not in 2.4."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [lookupEvidence(releaseCorpus)] },
    streamFn: models.streamSimple.bind(models),
  });
  let agentEnds = 0;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_start")
      agent.followUp({ role: "user", content: FOLLOW_UP, timestamp: Date.now() });
    if (event.type === "agent_end") agentEnds++;
  });
  await agent.prompt("Did the release ship?");
  return {
    stopReason,
    agentEnds,
    followUpDelivered: agent.state.messages.some((m) => m.role === "user" && contentText(m.content) === FOLLOW_UP),
    queuedAfterRun: agent.hasQueuedMessages(),
    providerRequests: faux.state.callCount,
  };
}

const STEER = "Steer: check the installer too.";

/** A steer sent while a request runs that ends with `stopReason`, then the host's next prompt. */
export interface FailedEndSteerRun {
  stopReason: "error" | "aborted";
  /** The steer was still queued after the failed run's prompt() settled. */
  queuedAfterRun: boolean;
  /** The steer reached the failed run's transcript. */
  deliveredInRun: boolean;
  /** The user messages of the request made for the next prompt, in order. */
  nextRequestUserTexts: string[];
  providerRequests: number;
}

/** Steers while the first request streams; that request ends with `stopReason`; then prompts again. */
export async function runSteerOnFailedEnd(stopReason: "error" | "aborted"): Promise<FailedEndSteerRun> {
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage("", {
      stopReason,
      errorMessage: stopReason === "error" ? "upstream 503" : "request cancelled",
    }),
    fauxAssistantMessage("2.4 shipped; the installer is fixed."),
  ]);
  const recorder = recordingStreamFn(models.streamSimple.bind(models));
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [lookupEvidence(releaseCorpus)] },
    streamFn: recorder.streamFn,
  });
  let steered = false;
  agent.subscribe((event) => {
    if (event.type !== "message_start" || event.message.role !== "assistant" || steered) return;
    steered = true;
    agent.steer({ role: "user", content: STEER, timestamp: Date.now() });
  });
  await agent.prompt("Did the release ship?");
  const queuedAfterRun = agent.hasQueuedMessages();
  const deliveredInRun = agent.state.messages.some((m) => m.role === "user" && contentText(m.content) === STEER);
  await agent.prompt("Second question: is the installer fixed?");
  const next = recorder.requests[1]?.messages ?? [];
  return {
    stopReason,
    queuedAfterRun,
    deliveredInRun,
    nextRequestUserTexts: next.flatMap((m) => (m.role === "user" ? [contentText(m.content)] : [])),
    providerRequests: faux.state.callCount,
  };
}
