import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, setDefaultStreamFn, streamProxy, type AgentOptions } from "@earendil-works/pi-agent-core";
import { contentText, fauxAssistantMessage } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { recordingStreamFn } from "../counting-stream-fn.ts";

/** Two Agents built without a streamFn after the host registered a default. */
export interface DefaultStreamFnRun {
  /** Requests the registered default received, of the two prompts. */
  requestsThroughDefault: number;
  answers: string[];
}

/** Registers a recording stream function as the default, then runs two Agents constructed without one. */
export async function runWithDefaultStreamFn(): Promise<DefaultStreamFnRun> {
  const { models, model } = scriptedModels([
    fauxAssistantMessage("First answer."),
    fauxAssistantMessage("Second answer."),
  ]);
  const recorder = recordingStreamFn(models.streamSimple.bind(models));
  setDefaultStreamFn(recorder.streamFn);
  try {
    const answers: string[] = [];
    for (const question of ["Did 2.4 ship?", "Is the installer fixed?"]) {
      // The declarations require streamFn (see default-stream-fn.fails-to-compile.ts); at run time
      // the Agent takes the registered default when it is left out.
      const agent = new Agent({ initialState: { systemPrompt: "Answer briefly.", model } } as AgentOptions);
      await agent.prompt(question);
      const last = agent.state.messages.at(-1);
      answers.push(last?.role === "assistant" ? contentText(last.content) : "");
    }
    return { requestsThroughDefault: recorder.requests.length, answers };
  } finally {
    // The default is process-wide; leave none behind for the next measurement.
    setDefaultStreamFn(undefined);
  }
}

/** What a local stand-in for "your server" received from an Agent whose streamFn is streamProxy. */
export interface ProxyRun {
  /** Requests the server received, with their path and whether they carried the prompt and the token. */
  requests: { path: string; carriesPrompt: boolean; bearer: boolean }[];
  /** The answer the server streamed, as the transcript recorded it. */
  answer: string;
  stopReason: string | undefined;
}

const PROMPT = "Did the release ship?";
const TOKEN = "host-token-7";

async function bodyOf(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** Routes an Agent's requests through streamProxy to a server on 127.0.0.1 that answers with a proxy event stream. */
export async function runThroughProxy(): Promise<ProxyRun> {
  const requests: ProxyRun["requests"] = [];
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    requests.push({
      path: request.url ?? "",
      carriesPrompt: body.includes(PROMPT),
      bearer: request.headers.authorization === `Bearer ${TOKEN}`,
    });
    const usage = {
      input: 1,
      output: 1,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 2,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    };
    const events = [
      { type: "start" },
      { type: "text_start", contentIndex: 0 },
      { type: "text_delta", contentIndex: 0, delta: "Yes, via the proxy." },
      { type: "text_end", contentIndex: 0 },
      { type: "done", reason: "stop", usage },
    ];
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { model } = scriptedModels();
    const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const agent = new Agent({
      initialState: { systemPrompt: "Answer briefly.", model },
      streamFn: (m, context, options) => streamProxy(m, context, { ...options, authToken: TOKEN, proxyUrl }),
    });
    await agent.prompt(PROMPT);
    const last = agent.state.messages.at(-1);
    return {
      requests,
      answer: last?.role === "assistant" ? contentText(last.content) : "",
      stopReason: last?.role === "assistant" ? last.stopReason : undefined,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
