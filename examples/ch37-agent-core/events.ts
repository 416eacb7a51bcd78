import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { RESEARCH_PROMPT, type LookupDetails, type LookupParams } from "./support/book-research-agent.ts";
import { lookupEvidence } from "./research-agent.ts";
import { BOOK_EVENT_NAMES } from "./support/book-event-names.ts";

export { BOOK_EVENT_NAMES };

/** The event types a subscriber received during one run. */
export interface EventRun {
  /** Every delivered type, in delivery order. */
  delivered: string[];
  /** Each type once, in the order it was first delivered. */
  distinct: string[];
  /**
   * Each type once, in the order first delivered, leaving out the message events of the
   * prompt's and the tool results' messages: a run's, a turn's, the assistant message's and a
   * tool execution's events, each inside the one before (the user's message ends before the
   * assistant's first update, so `distinct` has message_end before message_update).
   */
  lifecycleOrder: string[];
  /** Listed types that never arrived. */
  missing: string[];
  /** Delivered types the chapter does not list. */
  extra: string[];
  counts: Record<string, number>;
}

/** The lookup tool, reporting progress once through `onUpdate` before it answers. */
function withProgress(
  tool: AgentTool<typeof LookupParams, LookupDetails>,
): AgentTool<typeof LookupParams, LookupDetails> {
  return {
    ...tool,
    async execute(toolCallId, params, signal, onUpdate) {
      onUpdate?.({
        content: [{ type: "text", text: `searching for ${params.query}` }],
        details: { query: params.query, hits: [] },
      });
      return tool.execute(toolCallId, params, signal, onUpdate);
    },
  };
}

/** Runs a lookup-then-answer with a streaming tool and records every event type delivered. */
export async function collectRuntimeEvents(): Promise<EventRun> {
  const { models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", { query: "release" }), { stopReason: "toolUse" }),
    fauxAssistantMessage("Yes: 2.4 shipped on 3 March."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: RESEARCH_PROMPT, model, tools: [withProgress(lookupEvidence(releaseCorpus))] },
    streamFn: models.streamSimple.bind(models),
  });
  const assistantSide: string[] = [];
  agent.subscribe((event) => {
    if (!("message" in event) || event.message.role === "assistant") assistantSide.push(event.type);
  });
  // ANCHOR: collect-events
  const delivered: string[] = [];
  agent.subscribe((event) => {
    delivered.push(event.type);
  });
  await agent.prompt("Did the release ship?");
  // ANCHOR_END: collect-events
  const distinct = [...new Set(delivered)];
  const listed: readonly string[] = BOOK_EVENT_NAMES;
  const counts: Record<string, number> = {};
  for (const type of delivered) counts[type] = (counts[type] ?? 0) + 1;
  return {
    delivered,
    distinct,
    lifecycleOrder: [...new Set(assistantSide)],
    missing: listed.filter((name) => !distinct.includes(name)),
    extra: distinct.filter((name) => !listed.includes(name)),
    counts,
  };
}
