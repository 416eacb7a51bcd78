import { Agent } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { recordingStreamFn } from "./counting-stream-fn.ts";
import { RESEARCH_PROMPT } from "./support/book-research-agent.ts";

/** What the stream function received for `transport` and the API key. */
export interface StreamOptionsRun {
  transportSet: string;
  transportSeen: string | undefined;
  /** Providers `getApiKey` was asked for, one entry per request. */
  getApiKeyAskedFor: string[];
  apiKeySeen: string | undefined;
}

/** Constructs an Agent with `transport` and `getApiKey` and captures the stream function's options. */
export async function captureStreamOptions(): Promise<StreamOptionsRun> {
  const { models, model } = scriptedModels([fauxAssistantMessage("Yes: 2.4 shipped.")]);
  const recorder = recordingStreamFn(models.streamSimple.bind(models));
  const askedFor: string[] = [];
  // ANCHOR: transport-getapikey
  const agent = new Agent({
    initialState: { systemPrompt: RESEARCH_PROMPT, model },
    streamFn: recorder.streamFn,
    transport: "websocket",
    getApiKey: async (provider) => {
      askedFor.push(provider);
      return `key-for-${provider}`; // e.g. a freshly refreshed OAuth token
    },
  });
  // ANCHOR_END: transport-getapikey
  await agent.prompt("Did the release ship?");
  const request = recorder.requests[0];
  return {
    transportSet: "websocket",
    transportSeen: request?.transport,
    getApiKeyAskedFor: askedFor,
    apiKeySeen: request?.apiKey,
  };
}
