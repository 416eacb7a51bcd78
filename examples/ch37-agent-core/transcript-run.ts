import type { AgentMessage } from "@earendil-works/pi-agent-core";
import {
  contentText,
  fauxAssistantMessage,
  fauxToolCall,
  type Message,
  type ToolResultMessage,
} from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { NO_MATCHES, type LookupDetails } from "./support/book-research-agent.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** What one scripted lookup-then-answer run produced, as measured. */
export interface ResearchRun {
  query: string;
  /** Roles of the transcript, leaving out the leading system message. */
  roles: string[];
  /** The same messages, each as its role and what it said (tool calls as name and arguments). */
  transcript: { role: string; says: string }[];
  /** Requests the faux provider served. */
  providerCalls: number;
  /** The lookup's result as it entered the transcript. */
  toolResult: { text: string; isError: boolean; details: LookupDetails | undefined } | undefined;
  /** Roles of the second request's messages: what the model was asked again with. */
  secondRequestRoles: string[];
  /** Whether the second request carried the lookup's text unchanged. */
  secondRequestCarriesResult: boolean;
  finalAnswer: { text: string; stopReason: string } | undefined;
}

/**
 * The chapter's run: the faux model asks for `lookup_evidence` with `query`, the core runs
 * the tool, and the model answers. Everything returned is read back from the run.
 */
export async function runResearch(query = "release"): Promise<ResearchRun> {
  let secondRequest: Message[] = [];
  // ANCHOR: scripted-run
  const { faux, models, model } = scriptedModels([
    fauxAssistantMessage(fauxToolCall("lookup_evidence", { query }), { stopReason: "toolUse" }),
    (context) => {
      secondRequest = structuredClone(context.messages);
      const lookup = context.messages.at(-1);
      const missed = lookup?.role === "toolResult" && contentText(lookup.content) === NO_MATCHES;
      return fauxAssistantMessage(missed ? "The corpus holds no evidence either way." : "Yes: 2.4 shipped on 3 March.");
    },
  ]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  await agent.prompt("Did the release ship?");
  const roles = agent.state.messages.filter((m) => m.role !== "system").map((m) => m.role);
  // roles: user, assistant, toolResult, assistant; faux.state.callCount: 2
  // ANCHOR_END: scripted-run

  const result = agent.state.messages.find((m): m is ToolResultMessage<LookupDetails> => m.role === "toolResult");
  const resultText = result ? contentText(result.content) : undefined;
  const last = agent.state.messages.at(-1);
  return {
    query,
    roles,
    transcript: agent.state.messages.filter((m) => m.role !== "system").map((m) => ({ role: m.role, says: says(m) })),
    providerCalls: faux.state.callCount,
    toolResult: result && { text: contentText(result.content), isError: result.isError, details: result.details },
    secondRequestRoles: secondRequest.map((m) => m.role),
    secondRequestCarriesResult: secondRequest.some(
      (m) => m.role === "toolResult" && contentText(m.content) === resultText,
    ),
    finalAnswer:
      last?.role === "assistant" ? { text: contentText(last.content), stopReason: last.stopReason } : undefined,
  };
}

function says(message: AgentMessage): string {
  if (message.role !== "assistant") return message.role === "system" ? "" : contentText(message.content);
  return message.content
    .map((block) =>
      block.type === "toolCall"
        ? `${block.name}(${JSON.stringify(block.arguments)})`
        : block.type === "text"
          ? block.text
          : "",
    )
    .join(" ");
}
