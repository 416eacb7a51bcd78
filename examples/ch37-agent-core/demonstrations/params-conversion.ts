import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { Value } from "typebox/value";
import { scriptedModels } from "../../support/scripted.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { LookupParams, type LookupDetails } from "../support/book-research-agent.ts";
import { lookupEvidence } from "../research-agent.ts";

/** Arguments the schema rejects as sent, and what execute received for them. */
export interface ConversionRun {
  sent: unknown;
  validAsSent: boolean;
  /** What execute was called with, or undefined when it was not called. */
  executedWith: unknown;
  /** What execute received passes the schema (false when execute was not called). */
  executedWithValid: boolean;
  isError: boolean;
}

/** A lookup whose query is a number: the schema wants a string. */
export async function runConvertedArguments(): Promise<ConversionRun> {
  const sent = { query: 24 };
  let executedWith: unknown;
  const inner = lookupEvidence(releaseCorpus);
  const noting: AgentTool<typeof LookupParams, LookupDetails> = {
    ...inner,
    execute: (id, params, signal, onUpdate) => {
      executedWith = structuredClone(params);
      return inner.execute(id, params, signal, onUpdate);
    },
  };
  const { models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", sent), { stopReason: "toolUse" }),
    fauxAssistantMessage("Done."),
  ]);
  const agent = new Agent({
    initialState: { systemPrompt: "Research, then answer.", model, tools: [noting] },
    streamFn: models.streamSimple.bind(models),
  });
  await agent.prompt("Did 2.4 ship?");
  const result = agent.state.messages.find((m) => m.role === "toolResult");
  return {
    sent,
    validAsSent: Value.Check(LookupParams, sent),
    executedWith,
    executedWithValid: executedWith !== undefined && Value.Check(LookupParams, executedWith),
    isError: result?.role === "toolResult" ? result.isError : false,
  };
}
