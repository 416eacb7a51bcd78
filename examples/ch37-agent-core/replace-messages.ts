import type { Agent } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage, type Message } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** What the request after a replacement carried. */
export interface ReplacementRun {
  /** The agent was idle when `state.messages` was assigned. */
  idleAtReplacement: boolean;
  /** User texts of the first request (before the replacement). */
  firstRequestUserTexts: string[];
  /** User texts of the request made after the replacement. */
  nextRequestUserTexts: string[];
  /** The next request carried the restored history. */
  carriesRestored: boolean;
  /** The next request still carried the discarded first exchange. */
  carriesDiscarded: boolean;
}

const userTexts = (messages: Message[]) => messages.filter((m) => m.role === "user").map((m) => contentText(m.content));

/**
 * Runs one exchange, then, while idle, replaces the transcript with restored history
 * (keeping the system head) and prompts again; compares the two requests.
 */
export async function runReplaceWhileIdle(): Promise<ReplacementRun> {
  return replaceAndCompare(() => {});
}

/**
 * The same replacement in an Agent whose `prepareRequest` hook replaces every request's
 * messages with a record the host keeps itself (a stand-in for a session's projection, as
 * pi-coding-agent's AgentSession installs one): what the next request carried.
 */
export async function runReplaceUnderRequestHook(): Promise<ReplacementRun> {
  return replaceAndCompare((agent) => {
    const record: Message[] = [];
    agent.subscribe((event) => {
      if (event.type === "message_end") record.push(event.message as Message);
    });
    agent.prepareRequest = ({ context }) => ({
      context: { ...context, messages: [...context.messages.filter((m) => m.role === "system"), ...record] },
    });
  });
}

async function replaceAndCompare(prepare: (agent: Agent) => void): Promise<ReplacementRun> {
  const requests: Message[][] = [];
  const answer = (text: string) => (context: { messages: Message[] }) => {
    requests.push(structuredClone(context.messages));
    return fauxAssistantMessage(text);
  };
  const { models, model } = scriptedModels([answer("Yes: 2.4 shipped."), answer("It is still open.")]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  prepare(agent);
  await agent.prompt("Did the release ship?");

  const idleAtReplacement = !agent.state.isStreaming;
  // ANCHOR: replace-messages
  const [head] = agent.state.messages; // the system message: prompt and tool declarations
  agent.state.messages = [
    ...(head ? [head] : []),
    { role: "user", content: "Restored: was the installer rewrite in 2.4?", timestamp: Date.now() },
    fauxAssistantMessage("No, it slipped to the next quarter."),
  ];
  await agent.prompt("And is the dark theme bug fixed?");
  // ANCHOR_END: replace-messages

  const next = userTexts(requests[1] ?? []);
  return {
    idleAtReplacement,
    firstRequestUserTexts: userTexts(requests[0] ?? []),
    nextRequestUserTexts: next,
    carriesRestored: next.some((text) => text.startsWith("Restored:")),
    carriesDiscarded: next.includes("Did the release ship?"),
  };
}
