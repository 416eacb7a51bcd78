import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, type Message, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";

/** How one failing tool's result came out. */
export interface FailureOutcome {
  tool: string;
  /** `isError` on the toolResult message in the transcript. */
  isError: boolean;
  /** `isError` on the `tool_execution_end` event. */
  isErrorInEvent: boolean | undefined;
  text: string;
  /** The next request carried this result with `isError: true`: the model sees an error result. */
  modelSawError: boolean;
}

/** A batch with a tool that throws and one that reports `isError` itself, then an answer. */
export interface ToolFailureRun {
  thrown: FailureOutcome | undefined;
  reported: FailureOutcome | undefined;
  providerCalls: number;
  /** The loop went on to a final answer after the failures. */
  finalStopReason: string | undefined;
}

const NoParams = Type.Object({});

// ANCHOR: failing-tools
/** Cannot do its job, so it throws; the core turns the throw into an error result. */
const fetchPage: AgentTool<typeof NoParams> = {
  name: "fetch_page",
  label: "Fetch page",
  description: "Fetches the release page.",
  parameters: NoParams,
  async execute() {
    throw new Error("release page unreachable");
  },
};

/** Reports the failure without throwing, keeping details for the host. */
const checkQuota: AgentTool<typeof NoParams, { remaining: number }> = {
  name: "check_quota",
  label: "Check quota",
  description: "Checks the remaining lookup quota.",
  parameters: NoParams,
  async execute() {
    return { content: [{ type: "text", text: "quota exhausted" }], details: { remaining: 0 }, isError: true };
  },
};
// ANCHOR_END: failing-tools

/** Runs both failing tools in one batch and reads the results back from events, transcript and request. */
export async function runToolFailures(): Promise<ToolFailureRun> {
  let nextRequest: Message[] = [];
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage([fauxToolCall("fetch_page", {}), fauxToolCall("check_quota", {})], { stopReason: "toolUse" }),
    (context) => {
      nextRequest = structuredClone(context.messages);
      return fauxAssistantMessage("I could not verify the release: both tools failed.");
    },
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Verify the release.", model, tools: [fetchPage, checkQuota] },
    streamFn: models.streamSimple.bind(models),
  });
  const endEvents = new Map<string, boolean>();
  agent.subscribe((event) => {
    if (event.type === "tool_execution_end") endEvents.set(event.toolName, event.isError);
  });
  await agent.prompt("Did the release ship?");

  const outcome = (tool: string): FailureOutcome | undefined => {
    const message = agent.state.messages.find((m) => m.role === "toolResult" && m.toolName === tool);
    if (message?.role !== "toolResult") return undefined;
    return {
      tool,
      isError: message.isError,
      isErrorInEvent: endEvents.get(tool),
      text: contentText(message.content),
      modelSawError: nextRequest.some((m) => m.role === "toolResult" && m.toolName === tool && m.isError),
    };
  };
  const last = agent.state.messages.at(-1);
  return {
    thrown: outcome("fetch_page"),
    reported: outcome("check_quota"),
    providerCalls: faux.state.callCount,
    finalStopReason: last?.role === "assistant" ? last.stopReason : undefined,
  };
}

/** How a tool's execute fails: the ways a host's code can throw. */
export const THROW_SHAPES = [
  "throws before returning a promise",
  "throws a string",
  "throws undefined",
  "rejects later",
  "throws after an update",
] as const;
export type ThrowShape = (typeof THROW_SHAPES)[number];

/** One throw shape's result and how the run went on. */
export interface ThrowShapeOutcome {
  shape: ThrowShape;
  isError: boolean | undefined;
  text: string;
  finalStopReason: string | undefined;
  promptRejected: boolean;
}

function failing(shape: ThrowShape): AgentTool<typeof NoParams>["execute"] {
  switch (shape) {
    case "throws before returning a promise":
      return () => {
        throw new Error("thrown synchronously");
      };
    case "throws a string":
      return async () => {
        throw "a plain string";
      };
    case "throws undefined":
      return async () => {
        throw undefined;
      };
    case "rejects later":
      return () => new Promise((_, reject) => setTimeout(() => reject(new Error("rejected on a later turn")), 5));
    case "throws after an update":
      return async (_id, _params, _signal, onUpdate) => {
        onUpdate?.({ content: [{ type: "text", text: "halfway" }], details: undefined });
        throw new Error("thrown after an update");
      };
  }
}

const withExecute = (execute: AgentTool<typeof NoParams>["execute"]): AgentTool<typeof NoParams> => ({
  ...fetchPage,
  execute,
});

/** Runs a one-tool batch whose execute fails in `shape`, then an answer. */
export async function runThrowShape(shape: ThrowShape): Promise<ThrowShapeOutcome> {
  const { models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("fetch_page", {}), { stopReason: "toolUse" }),
    fauxAssistantMessage("It failed."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Verify the release.", model, tools: [withExecute(failing(shape))] },
    streamFn: models.streamSimple.bind(models),
  });
  let promptRejected = false;
  await agent.prompt("Did the release ship?").catch(() => {
    promptRejected = true;
  });
  const result = agent.state.messages.find((m) => m.role === "toolResult");
  const last = agent.state.messages.at(-1);
  return {
    shape,
    isError: result?.role === "toolResult" ? result.isError : undefined,
    text: result?.role === "toolResult" ? contentText(result.content) : "",
    finalStopReason: last?.role === "assistant" ? last.stopReason : undefined,
    promptRejected,
  };
}
