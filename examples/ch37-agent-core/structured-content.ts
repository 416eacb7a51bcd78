import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, type Message, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";

/** Where a tool's `structuredContent` went, and where it did not. */
export interface StructuredContentRun {
  /** On the `tool_execution_end` result: programmatic consumers get it. */
  inExecutionEndEvent: boolean;
  /** On the toolResult message kept in the transcript. */
  inTranscriptMessage: boolean;
  /** Anywhere in the next provider request. */
  inNextRequest: boolean;
  /** The text the model was given for this result. */
  modelVisibleText: string;
}

/** A value that appears only in structuredContent, so finding it anywhere is unambiguous. */
const ONLY_IN_STRUCTURED = "structured-only-7f3";

const CountParams = Type.Object({ query: Type.String() });
const CountOutput = Type.Object({ hits: Type.Number(), ids: Type.Array(Type.String()) });

// ANCHOR: output-schema
const countHits: AgentTool<typeof CountParams> = {
  name: "count_hits",
  label: "Count hits",
  description: "Counts corpus entries that mention the query.",
  parameters: CountParams,
  outputSchema: CountOutput,
  async execute() {
    return {
      content: [{ type: "text", text: "2 entries mention it." }], // what the model reads
      details: undefined,
      structuredContent: { hits: 2, ids: [ONLY_IN_STRUCTURED, "notes-2"] }, // for programs
    };
  },
};
// ANCHOR_END: output-schema

/** Runs a tool that returns `structuredContent` and looks for it in event, transcript and request. */
export async function runStructuredContent(): Promise<StructuredContentRun> {
  let nextRequest: Message[] = [];
  const { models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("count_hits", { query: "release" }), { stopReason: "toolUse" }),
    (context) => {
      nextRequest = structuredClone(context.messages);
      return fauxAssistantMessage("Two entries mention the release.");
    },
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Count before answering.", model, tools: [countHits] },
    streamFn: models.streamSimple.bind(models),
  });
  let endResult: unknown;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_end") endResult = event.result;
  });
  await agent.prompt("How often is the release mentioned?");
  const message = agent.state.messages.find((m) => m.role === "toolResult");
  return {
    inExecutionEndEvent: JSON.stringify(endResult ?? null).includes(ONLY_IN_STRUCTURED),
    inTranscriptMessage: JSON.stringify(message ?? null).includes(ONLY_IN_STRUCTURED),
    inNextRequest: JSON.stringify(nextRequest).includes(ONLY_IN_STRUCTURED),
    modelVisibleText: message?.role === "toolResult" ? contentText(message.content) : "",
  };
}
