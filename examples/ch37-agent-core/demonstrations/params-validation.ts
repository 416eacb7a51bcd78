import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, fauxToolCall, type ToolCall } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { RESEARCH_PROMPT, type LookupDetails, type LookupParams } from "../support/book-research-agent.ts";
import { lookupEvidence } from "../research-agent.ts";

/** One scripted call's arguments and what became of them. */
export interface ArgumentOutcome {
  args: ToolCall["arguments"];
  reachedExecute: boolean;
  isError: boolean;
  /** First line of the result text, e.g. `Validation failed for tool "lookup_evidence":`. */
  firstLine: string;
}

/** Arguments the schema must reject, and one it must accept. */
export const ARGUMENT_CASES: readonly ToolCall["arguments"][] = [
  { query: "   " },
  { query: "" },
  {},
  { query: "release" },
];

/** An outcome with the whole result text, whose lines after the first say why a call was refused. */
export interface ArgumentOutcomeText extends ArgumentOutcome {
  text: string;
}

/** Runs one batch of lookup calls with the cases above and records which reached `execute`. */
export async function runArgumentValidation(): Promise<ArgumentOutcome[]> {
  return (await runArgumentValidationWithText()).map(({ text: _text, ...outcome }) => outcome);
}

/** {@link runArgumentValidation}, keeping each result's whole text. */
export async function runArgumentValidationWithText(): Promise<ArgumentOutcomeText[]> {
  const seen: unknown[] = [];
  const inner = lookupEvidence(releaseCorpus);
  // Same tool, same schema; execute only notes what arrived before doing the lookup.
  const noting: AgentTool<typeof LookupParams, LookupDetails> = {
    ...inner,
    execute: (id, params, signal, onUpdate) => {
      seen.push(structuredClone(params));
      return inner.execute(id, params, signal, onUpdate);
    },
  };
  const calls = ARGUMENT_CASES.map((args, i) => fauxToolCall("lookup_evidence", args, { id: `call-${i}` }));
  const { models, model } = scriptedModels([
    fauxAssistantMessage(calls, { stopReason: "toolUse" }),
    fauxAssistantMessage("Only the last lookup ran."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: RESEARCH_PROMPT, model, tools: [noting] },
    streamFn: models.streamSimple.bind(models),
  });
  await agent.prompt("Did the release ship?");
  return calls.map((call) => {
    const result = agent.state.messages.find((m) => m.role === "toolResult" && m.toolCallId === call.id);
    const text = result?.role === "toolResult" ? contentText(result.content) : "";
    return {
      args: call.arguments,
      reachedExecute: seen.some((params) => JSON.stringify(params) === JSON.stringify(call.arguments)),
      isError: result?.role === "toolResult" && result.isError,
      firstLine: text.split("\n")[0] ?? "",
      text,
    };
  });
}
