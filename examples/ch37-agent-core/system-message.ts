import { contentText, fauxAssistantMessage, type Message } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { RESEARCH_PROMPT } from "./support/book-research-agent.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** The head of the transcript, and of the first request, as measured. */
export interface SystemMessageHead {
  /** Role of `agent.state.messages[0]` before anything was prompted. */
  headRole: string | undefined;
  /** Its text: the system prompt as the core recorded it. */
  headText: string;
  /** Names of the tools the head declares (`toolsAdded`). */
  declaredTools: string[];
  /** Role and text of the first message the provider received. */
  requestHeadRole: string | undefined;
  requestHeadText: string;
  requestDeclaredTools: string[];
  /** How many system messages the transcript holds after the run. */
  systemMessagesAfterRun: number;
  promptMatches: boolean;
}

function declaredToolNames(message: Message | undefined): string[] {
  return message?.role === "system" ? (message.toolsAdded ?? []).map((tool) => tool.name) : [];
}

/** Builds the research agent and reads what the core put at the head of its transcript. */
export async function inspectSystemMessage(): Promise<SystemMessageHead> {
  let firstRequest: Message[] = [];
  const { models, model } = scriptedModels([
    (context) => {
      firstRequest = structuredClone(context.messages);
      return fauxAssistantMessage("Yes.");
    },
  ]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  // ANCHOR: system-head
  const head = agent.state.messages[0]; // before any prompt: { role: "system", content, toolsAdded }
  // ANCHOR_END: system-head
  const headText = head?.role === "system" ? contentText(head.content) : "";
  const declaredTools = declaredToolNames(head);
  await agent.prompt("Did the release ship?");
  const requestHead = firstRequest[0];
  return {
    headRole: head?.role,
    headText,
    declaredTools,
    requestHeadRole: requestHead?.role,
    requestHeadText: requestHead?.role === "system" ? contentText(requestHead.content) : "",
    requestDeclaredTools: declaredToolNames(requestHead),
    systemMessagesAfterRun: agent.state.messages.filter((m) => m.role === "system").length,
    promptMatches: headText === RESEARCH_PROMPT,
  };
}
