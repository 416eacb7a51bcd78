import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";

/** The three ways a tool can declare replay: the field left out, "never" and "safe". */
export const REPLAY_VALUES = [undefined, "never", "safe"] as const;
export type ReplayValue = (typeof REPLAY_VALUES)[number];

/** How a run ends: normally, with the tool throwing, or with abort() while the tool runs. */
export const REPLAY_ENDS = ["ordinary", "tool-throws", "aborted-during-tool"] as const;
export type ReplayEnd = (typeof REPLAY_ENDS)[number];

/** Everything observable about one run, with ids and timestamps left out so runs compare. */
export interface ReplayTrace {
  replay: ReplayValue;
  end: ReplayEnd;
  executeCalls: number;
  /** Executions after the run ended (the follow-up prompt of an aborted run). */
  executeCallsAfterEnd: number;
  providerRequests: number;
  events: string[];
  transcript: string[];
}

const NoteParams = Type.Object({ note: Type.String() });

function recordingTool(
  replay: ReplayValue,
  end: ReplayEnd,
  calls: { n: number },
  abort: () => void,
): AgentTool<typeof NoteParams> {
  return {
    name: "record_note",
    label: "Record note",
    description: "Appends a note to the host's log (a side effect a recovery layer would care about).",
    parameters: NoteParams,
    ...(replay === undefined ? {} : { replay }),
    async execute(_id, params, signal) {
      calls.n++;
      if (end === "tool-throws") throw new Error("log unavailable");
      if (end === "aborted-during-tool") {
        // The run is aborted while this side effect is under way.
        abort();
        await new Promise<void>((resolve) =>
          signal?.aborted ? resolve() : signal?.addEventListener("abort", () => resolve()),
        );
      }
      return { content: [{ type: "text", text: `noted: ${params.note}` }], details: undefined };
    },
  };
}

/** Runs a model that calls the tool twice in one batch and then answers, ending as `end` says. */
export async function runWithReplay(replay: ReplayValue, end: ReplayEnd): Promise<ReplayTrace> {
  const calls = { n: 0 };
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage([fauxToolCall("record_note", { note: "a" }), fauxToolCall("record_note", { note: "b" })], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage("Both notes are recorded."),
    fauxAssistantMessage("Nothing more to do."),
  ]);
  const agent: Agent = new Agent({
    initialState: {
      systemPrompt: "Record the notes, then answer.",
      model,
      tools: [recordingTool(replay, end, calls, () => agent.abort())],
    },
    streamFn: models.streamSimple.bind(models),
  });
  const events: string[] = [];
  agent.subscribe((event) => {
    // message_update counts follow the faux provider's random chunking: not a behaviour.
    if (event.type === "message_update") return;
    events.push(event.type === "tool_execution_end" ? `${event.type}(${event.isError ? "error" : "ok"})` : event.type);
  });
  await agent.prompt("Record a and b.");
  const executedInRun = calls.n;
  // A recovery layer would act on the next prompt after an interrupted run: give the core that chance.
  if (end === "aborted-during-tool") await agent.prompt("Go on.");
  const transcript = agent.state.messages.map((m) => {
    if (m.role === "assistant") {
      const tools = m.content.filter((b) => b.type === "toolCall").map((b) => (b.type === "toolCall" ? b.name : ""));
      return `assistant(${m.stopReason}${tools.length ? `: ${tools.join(",")}` : ""})`;
    }
    if (m.role === "toolResult") return `toolResult(${m.isError ? "error" : "ok"}: ${contentText(m.content)})`;
    return m.role;
  });
  return {
    replay,
    end,
    executeCalls: executedInRun,
    executeCallsAfterEnd: calls.n - executedInRun,
    providerRequests: faux.state.callCount,
    events,
    transcript,
  };
}
