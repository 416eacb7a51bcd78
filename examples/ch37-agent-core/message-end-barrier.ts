import {
  Agent,
  agentLoop,
  type AgentContext,
  type AgentLoopConfig,
  type AgentMessage,
  type AgentTool,
} from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { yieldMacrotasks } from "./support/event-loop.ts";

/** What the host's state held when the tool was about to run, and in what order things happened. */
export interface BarrierRun {
  driver: "Agent" | "agentLoop";
  /** The host's copy of the transcript already held the assistant message that asked for the tool. */
  hostStateHadAssistantAtPreflight: boolean;
  /** The slow `message_end` handler had finished before `beforeToolCall` ran. */
  handlerFinishedBeforePreflight: boolean;
  /** The slow handler had finished before the tool executed. */
  handlerFinishedBeforeExecute: boolean;
  order: string[];
}

const NoParams = Type.Object({});

/** A tool and hooks that write what happened into `order`. */
function instrumented(order: string[]) {
  const tool: AgentTool<typeof NoParams> = {
    name: "read_notes",
    label: "Read notes",
    description: "Reads the release notes.",
    parameters: NoParams,
    async execute() {
      order.push("tool executes");
      return { content: [{ type: "text", text: "2.4 shipped." }], details: undefined };
    },
  };
  return { tool };
}

/** The assistant message asking for `read_notes` is present in `messages`. */
function holdsToolRequest(messages: readonly AgentMessage[]): boolean {
  return messages.some(
    (m) =>
      m.role === "assistant" && m.content.some((block) => block.type === "toolCall" && block.name === "read_notes"),
  );
}

const script = () => [
  fauxAssistantMessage(fauxToolCall("read_notes", {}), { stopReason: "toolUse" }),
  fauxAssistantMessage("2.4 shipped."),
];

/**
 * The Agent class: a listener takes its time over the assistant's `message_end`; the
 * `beforeToolCall` hook then looks at `agent.state.messages`.
 */
export async function measureAgentBarrier(): Promise<BarrierRun> {
  const order: string[] = [];
  const { tool } = instrumented(order);
  const { models, model } = scriptedModels(script());
  let hadAssistant = false;
  // ANCHOR: agent-barrier
  const agent = new Agent({
    initialState: { systemPrompt: "Answer from the notes.", model, tools: [tool] },
    streamFn: models.streamSimple.bind(models),
    beforeToolCall: async () => {
      order.push("beforeToolCall");
      hadAssistant = holdsToolRequest(agent.state.messages);
      return undefined;
    },
  });
  agent.subscribe(async (event) => {
    if (event.type !== "message_end" || event.message.role !== "assistant") return;
    order.push("handler starts");
    await yieldMacrotasks(5); // e.g. persisting the message
    order.push("handler finishes");
  });
  // ANCHOR_END: agent-barrier
  await agent.prompt("Did the release ship?");
  return summarise("Agent", hadAssistant, order);
}

/**
 * The raw `agentLoop()`: the consumer keeps its own transcript and takes its time over
 * the assistant's `message_end` before recording it; `beforeToolCall` looks at that copy.
 */
export async function measureAgentLoopObservation(): Promise<BarrierRun> {
  const order: string[] = [];
  const { tool } = instrumented(order);
  const { models, model } = scriptedModels(script());
  const hostMessages: AgentMessage[] = [];
  let hadAssistant = false;
  const context: AgentContext = {
    messages: [{ role: "system", content: "Answer from the notes.", timestamp: Date.now() }],
    tools: [tool],
  };
  const config: AgentLoopConfig = {
    model,
    convertToLlm: (messages) => messages,
    beforeToolCall: async () => {
      order.push("beforeToolCall");
      hadAssistant = holdsToolRequest(hostMessages);
      return undefined;
    },
  };
  const prompt: AgentMessage = { role: "user", content: "Did the release ship?", timestamp: Date.now() };
  // ANCHOR: agentloop-observational
  for await (const event of agentLoop([prompt], context, config, undefined, models.streamSimple.bind(models))) {
    if (event.type !== "message_end") continue;
    if (event.message.role === "assistant") {
      order.push("handler starts");
      await yieldMacrotasks(5); // the loop does not wait for this
      order.push("handler finishes");
    }
    hostMessages.push(event.message);
  }
  // ANCHOR_END: agentloop-observational
  return summarise("agentLoop", hadAssistant, order);
}

function summarise(driver: BarrierRun["driver"], hadAssistant: boolean, order: string[]): BarrierRun {
  const finished = order.indexOf("handler finishes");
  const before = (entry: string) => finished >= 0 && order.indexOf(entry) >= 0 && finished < order.indexOf(entry);
  return {
    driver,
    hostStateHadAssistantAtPreflight: hadAssistant,
    handlerFinishedBeforePreflight: before("beforeToolCall"),
    handlerFinishedBeforeExecute: before("tool executes"),
    order,
  };
}
