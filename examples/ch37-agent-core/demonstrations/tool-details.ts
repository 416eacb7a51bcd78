import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, type Context, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { capturePayload, chatApis } from "../../support/request-body.ts";

/** A value that appears only in a result's details, so finding it anywhere is unambiguous. */
const ONLY_IN_DETAILS = "details-only-5c1";

const NoParams = Type.Object({});

/** One succeeding and one failing tool, both keeping the same details for the host. */
const toolsWithDetails: AgentTool<typeof NoParams, { marker: string }>[] = [
  {
    name: "count_hits",
    label: "Count hits",
    description: "Counts corpus entries that mention the release.",
    parameters: NoParams,
    async execute() {
      return { content: [{ type: "text", text: "2 entries mention it." }], details: { marker: ONLY_IN_DETAILS } };
    },
  },
  {
    name: "check_quota",
    label: "Check quota",
    description: "Checks the remaining lookup quota.",
    parameters: NoParams,
    async execute() {
      return {
        content: [{ type: "text", text: "quota exhausted" }],
        details: { marker: ONLY_IN_DETAILS },
        isError: true,
      };
    },
  },
];

/** Where the details of a tool result went, in one run. */
export interface ToolDetailsRun {
  /** The host keeps them: on `tool_execution_end` and on the transcript's toolResult messages. */
  inExecutionEndEvents: number;
  inTranscriptMessages: number;
  /** On the message objects of the Context the next stream-function call was given. */
  inStreamFnContext: boolean;
  /** What the model reads of those results. */
  modelVisibleTexts: string[];
  /** The provider request each wire format would send for that Context. */
  payloads: WirePayload[];
}

/** One wire format's request body for the next request, captured before it is sent. */
export type WirePayload =
  | { api: string; captured: true; carriesDetails: boolean; carriesContent: boolean }
  | { api: string; captured: false; reason: string };

/** Runs two tools that keep details, then looks for them in events, transcript, Context and wire requests. */
export async function runToolDetails(): Promise<ToolDetailsRun> {
  let nextContext: Context | undefined;
  const { models, model } = scriptedModels([
    fauxAssistantMessage([fauxToolCall("count_hits", {}), fauxToolCall("check_quota", {})], { stopReason: "toolUse" }),
    (context) => {
      nextContext = structuredClone(context);
      return fauxAssistantMessage("Two entries mention it; the quota is spent.");
    },
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Count before answering.", model, tools: toolsWithDetails },
    streamFn: models.streamSimple.bind(models),
  });
  let inExecutionEndEvents = 0;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_end" && JSON.stringify(event.result).includes(ONLY_IN_DETAILS))
      inExecutionEndEvents++;
  });
  await agent.prompt("How often is the release mentioned?");
  const results = agent.state.messages.flatMap((m) => (m.role === "toolResult" ? [m] : []));
  const payloads: WirePayload[] = [];
  for (const api of await chatApis()) {
    try {
      const body = JSON.stringify(await capturePayload(api, nextContext!));
      payloads.push({
        api,
        captured: true,
        carriesDetails: body.includes(ONLY_IN_DETAILS),
        carriesContent: body.includes("quota exhausted"),
      });
    } catch (error) {
      payloads.push({
        api,
        captured: false,
        reason: error instanceof Error ? error.message.split("\n")[0]! : String(error),
      });
    }
  }
  return {
    inExecutionEndEvents,
    inTranscriptMessages: results.filter((m) => JSON.stringify(m.details ?? null).includes(ONLY_IN_DETAILS)).length,
    inStreamFnContext: JSON.stringify(nextContext?.messages ?? []).includes(ONLY_IN_DETAILS),
    modelVisibleTexts: results.map((m) => contentText(m.content)),
    payloads,
  };
}
