import { Agent, type AgentMessage, type AgentTool, type QueueMode } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { recordingStreamFn } from "./counting-stream-fn.ts";
import { yieldMacrotasks } from "./support/event-loop.ts";

/** Which queue a scenario fills. */
export type QueueKind = "steer" | "followUp";

/** The first transcript message just before the first queued message arrived. */
interface Neighbour {
  role: string;
  stopReason?: string;
  hasToolCalls?: boolean;
}

/** What two queued messages did to one run, measured from the requests the provider received. */
export interface QueueRun {
  queue: QueueKind;
  mode: QueueMode;
  /** For each provider request, how many queued messages it carried that no earlier request did. */
  newPerRequest: number[];
  providerCalls: number;
  /** The two messages before the first queued one in the final transcript. */
  precededBy: Neighbour[];
  /** `tool_execution_end` of the running tool came before the first queued message_start. */
  toolFinishedFirst: boolean;
  /** agent_end events in the run (the core emits one, at the very end). */
  agentEnds: number;
  /** All queued messages reached the transcript before agent_end. */
  allDeliveredBeforeAgentEnd: boolean;
  /** Something was still queued after prompt() settled. */
  queuedAfterRun: boolean;
}

const QUEUED = ["Queued one: also check the installer.", "Queued two: and the dark theme bug."] as const;

const NoParams = Type.Object({});

/**
 * The agent runs a tool; while it runs, the host queues two messages with `steer()` or
 * `followUp()`. The scripted model then answers every request with plain text, so the only
 * thing that can make another request happen is a queued message.
 */
export async function runQueueScenario(queue: QueueKind, mode: QueueMode): Promise<QueueRun> {
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("read_notes", {}), { stopReason: "toolUse" }),
    fauxAssistantMessage("Answer 2."),
    fauxAssistantMessage("Answer 3."),
    fauxAssistantMessage("Answer 4."),
    fauxAssistantMessage("Answer 5."),
  ]);
  const recorder = recordingStreamFn(models.streamSimple.bind(models));
  const readNotes: AgentTool<typeof NoParams> = {
    name: "read_notes",
    label: "Read notes",
    description: "Reads the release notes.",
    parameters: NoParams,
    async execute() {
      await yieldMacrotasks(3); // long enough for the host to queue while it runs
      return { content: [{ type: "text", text: "2.4 shipped on 3 March." }], details: undefined };
    },
  };
  // ANCHOR: queues
  const agent = new Agent({
    initialState: { systemPrompt: "Answer from the notes.", model, tools: [readNotes] },
    streamFn: recorder.streamFn,
    steeringMode: mode,
    followUpMode: mode,
  });
  agent.subscribe((event) => {
    if (event.type !== "tool_execution_start") return;
    for (const text of QUEUED) {
      const message = { role: "user" as const, content: text, timestamp: Date.now() };
      if (queue === "steer") agent.steer(message);
      else agent.followUp(message);
    }
  });
  // ANCHOR_END: queues
  const timeline: string[] = [];
  agent.subscribe((event) => {
    if (event.type === "tool_execution_end") timeline.push("tool end");
    if (event.type === "message_start" && isQueued(event.message)) timeline.push("queued start");
    if (event.type === "agent_end") timeline.push("agent_end");
  });
  await agent.prompt("Did the release ship?");

  const newPerRequest: number[] = [];
  let seenSoFar = 0;
  for (const request of recorder.requests) {
    const carried = request.messages.filter(isQueued).length;
    newPerRequest.push(carried - seenSoFar);
    seenSoFar = carried;
  }
  const transcript = agent.state.messages;
  const firstQueued = transcript.findIndex(isQueued);
  const precededBy = firstQueued < 0 ? [] : transcript.slice(Math.max(0, firstQueued - 2), firstQueued).map(neighbour);
  const lastQueuedAt = timeline.lastIndexOf("queued start");
  return {
    queue,
    mode,
    newPerRequest,
    providerCalls: faux.state.callCount,
    precededBy,
    toolFinishedFirst:
      timeline.indexOf("tool end") >= 0 && timeline.indexOf("tool end") < timeline.indexOf("queued start"),
    agentEnds: timeline.filter((entry) => entry === "agent_end").length,
    allDeliveredBeforeAgentEnd:
      transcript.filter(isQueued).length === QUEUED.length && lastQueuedAt < timeline.indexOf("agent_end"),
    queuedAfterRun: agent.hasQueuedMessages(),
  };
}

function isQueued(message: AgentMessage): boolean {
  return message.role === "user" && (QUEUED as readonly string[]).includes(contentText(message.content));
}

function neighbour(message: AgentMessage): Neighbour {
  if (message.role !== "assistant") return { role: message.role };
  return {
    role: "assistant",
    stopReason: message.stopReason,
    hasToolCalls: message.content.some((block) => block.type === "toolCall"),
  };
}
