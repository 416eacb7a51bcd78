import { Agent } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, getSystemMessageText, type Message } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { releaseCorpus } from "../support/corpus.ts";
import { lookupEvidence } from "../research-agent.ts";

const PROMPT = "Research the claim with lookup_evidence.";
const PRESET = "An earlier system message, restored with the history.";

/** Where the system prompt went when the initial messages already start with a system message. */
export interface PresetSystemRun {
  /** Text of messages[0]. */
  headText: string;
  /** The systemPrompt's text appears in some system message of the transcript. */
  promptRecorded: boolean;
  /** The systemPrompt's text reached the first request. */
  promptInRequest: boolean;
  systemMessages: number;
}

/** Builds an Agent whose initialState.messages begin with a system message, and runs one prompt. */
export async function runWithPresetSystemMessage(): Promise<PresetSystemRun> {
  let firstRequest: Message[] = [];
  const { models, model } = scriptedModels([
    (context) => {
      firstRequest = structuredClone(context.messages);
      return fauxAssistantMessage("Nothing to look up.");
    },
  ]);
  const agent = new Agent({
    initialState: {
      systemPrompt: PROMPT,
      model,
      tools: [lookupEvidence(releaseCorpus)],
      messages: [{ role: "system", content: PRESET, timestamp: 0 }],
    },
    streamFn: models.streamSimple.bind(models),
  });
  await agent.prompt("Did the release ship?");
  const systems = agent.state.messages.filter((m) => m.role === "system");
  const head = agent.state.messages[0];
  return {
    headText: head?.role === "system" ? getSystemMessageText(head) : "",
    promptRecorded: systems.some((m) => getSystemMessageText(m).includes(PROMPT)),
    promptInRequest: JSON.stringify(firstRequest).includes(PROMPT),
    systemMessages: systems.length,
  };
}
