import type { StreamFn } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall, type Message, type Transport } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** What one provider request carried, as the stream function received it. */
export interface RecordedRequest {
  /** A copy of the request's messages: later mutation by the loop cannot change it. */
  messages: Message[];
  transport: Transport | undefined;
  apiKey: string | undefined;
}

// ANCHOR: recording-stream-fn
/** Wraps a stream function so that every request is counted and kept; the loop cannot tell. */
export function recordingStreamFn(inner: StreamFn): { streamFn: StreamFn; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const streamFn: StreamFn = (model, context, options) => {
    requests.push({
      messages: structuredClone(context.messages),
      transport: options?.transport,
      apiKey: options?.apiKey,
    });
    return inner(model, context, options);
  };
  return { streamFn, requests };
}
// ANCHOR_END: recording-stream-fn

/** What the swapped-in stream function saw, next to what the provider counted. */
export interface SwappedStreamFnRun {
  requestsSeenByWrapper: number;
  providerCalls: number;
  roles: string[];
  finalStopReason: string | undefined;
}

/** Runs the research agent with a counting wrapper put in place of its stream function. */
export async function runWithCountingStreamFn(): Promise<SwappedStreamFnRun> {
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", { query: "release" }), { stopReason: "toolUse" }),
    fauxAssistantMessage("Yes: release 2.4 shipped on 3 March."),
  ]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  // ANCHOR: swap-stream-fn
  const counting = recordingStreamFn(agent.streamFunction);
  agent.streamFunction = counting.streamFn; // the loop itself is untouched
  await agent.prompt("Did the release ship?");
  // ANCHOR_END: swap-stream-fn
  const last = agent.state.messages.at(-1);
  return {
    requestsSeenByWrapper: counting.requests.length,
    providerCalls: faux.state.callCount,
    roles: agent.state.messages.filter((m) => m.role !== "system").map((m) => m.role),
    finalStopReason: last?.role === "assistant" ? last.stopReason : undefined,
  };
}
