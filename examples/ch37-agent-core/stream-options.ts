import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { recordingStreamFn } from "./counting-stream-fn.ts";
import { RESEARCH_PROMPT } from "./support/book-research-agent.ts";

/** One request as the stream function received it: the transport and the API key. */
export interface RequestOptionsSeen {
  transport: string | undefined;
  apiKey: string | undefined;
}

/** What the stream function received for `transport` and the API key, request by request. */
export interface StreamOptionsRun {
  transportSet: string;
  /** Every request of both prompts, in order: the first prompt's run makes two (a tool call, then the answer). */
  requests: RequestOptionsSeen[];
  /** The key each call of `getApiKey` returned, in order: a fresh one each time, naming the provider asked for. */
  keysIssued: string[];
}

const NoParams = Type.Object({});

// A tool the scripted model calls once, so that one run makes two requests.
const releaseDate: AgentTool<typeof NoParams> = {
  name: "release_date",
  label: "Release date",
  description: "Returns the date of the latest release.",
  parameters: NoParams,
  execute: async () => ({ content: [{ type: "text", text: "2.4 shipped on 3 March." }], details: undefined }),
};

/**
 * Constructs an Agent with `transport` and `getApiKey` and captures what the stream function
 * received on every request: two in one run (the model calls a tool, then answers), and a
 * third in a second prompt. A key that was asked for once and reused would show as one key
 * on several requests.
 */
export async function captureStreamOptions(): Promise<StreamOptionsRun> {
  const { models, model } = scriptedModels([
    fauxAssistantMessage([fauxToolCall("release_date", {})], { stopReason: "toolUse" }),
    fauxAssistantMessage("Yes: 2.4 shipped on 3 March."),
    fauxAssistantMessage("It shipped on 3 March."),
  ]);
  const recorder = recordingStreamFn(models.streamSimple.bind(models));
  const keysIssued: string[] = [];
  // ANCHOR: transport-getapikey
  const agent = new Agent({
    initialState: { systemPrompt: RESEARCH_PROMPT, model },
    streamFn: recorder.streamFn,
    transport: "websocket",
    getApiKey: async (provider) => {
      const key = `token-${keysIssued.length + 1}-for-${provider}`; // a fresh credential each time, e.g. a refreshed OAuth token
      keysIssued.push(key);
      return key;
    },
  });
  // ANCHOR_END: transport-getapikey
  agent.state.tools = [releaseDate];
  await agent.prompt("Did the release ship?");
  await agent.prompt("When?");
  return {
    transportSet: "websocket",
    requests: recorder.requests.map((r) => ({ transport: r.transport, apiKey: r.apiKey })),
    keysIssued,
  };
}
