// @ts-check
// The half of request-body.ts that imports pi-ai's chat adapters and builds their request
// bodies, run in a worker thread without the parent's loader hooks. Plain JavaScript, because
// that worker has no tsx: on Node 20, tsx's hooks run on a thread of their own and each module
// a process imports under them is a round trip to it; the 26 modules of pi-ai's dist/api, with
// the provider SDKs they import, took about 1.0 s that way against 0.45 s in plain node.
// The parent resolves every module's URL itself (through its hooks, so that a release's port
// or a mutant's install is what loads here) and hands over each Context by structured clone,
// as the counterexamples' own structuredClone of it does; bodies come back as their JSON text.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

/**
 * @typedef {{ api: string, url: string }} ApiModule  one module of pi-ai's dist/api and its URL
 * @typedef {{ id: number, api: string, context: unknown }} CaptureRequest
 * @typedef {{ id: number, body: string } | { id: number, error: string }} CaptureReply
 * @typedef {(model: object, context: unknown, options: object) => { result(): Promise<unknown> }} SimpleStream
 */

// A key shaped as a JWT with the account claim the Codex adapter reads before it builds a request.
const FAKE_KEY = [
  "e30",
  Buffer.from(JSON.stringify({ "https://api.openai.com/auth": { chatgpt_account_id: "acct-check" } })).toString(
    "base64url",
  ),
  "sig",
].join(".");

/** Thrown from onPayload once the body is captured, so that no adapter sends anything. */
class Captured extends Error {}

/**
 * The chat adapters among `modules` (those that export streamSimple), in the order given,
 * each with its imported module.
 * @param {readonly ApiModule[]} modules
 * @returns {Promise<Map<string, { streamSimple: SimpleStream }>>}
 */
export async function importChatAdapters(modules) {
  // The AWS SDK warns on Node 20 that its later releases need Node 22; the Bedrock adapter
  // builds its client here only for the body to be read, so the warning is noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const chat = new Map();
  for (const { api, url } of modules) {
    if (!mayExportStreamSimple(url)) continue;
    const module = /** @type {{ streamSimple?: unknown }} */ (await import(url));
    if (typeof module.streamSimple === "function") chat.set(api, module);
  }
  return chat;
}

/**
 * False only when the module at `url` cannot export streamSimple: an ES module's export names
 * are written in its source, but for `export *`. Importing the dist/api modules that cannot
 * (cloudflare, openrouter-images and the other helpers, 15 of 26 at 1.0.3) cost about 60 ms.
 * @param {string} url
 */
function mayExportStreamSimple(url) {
  if (!url.startsWith("file:")) return true;
  const source = readFileSync(fileURLToPath(url), "utf8");
  return source.includes("streamSimple") || /\bexport\s*\*/.test(source);
}

/**
 * The JSON text of the request `api`'s adapter would send for `context`, captured from
 * `onPayload`, which every adapter awaits before it sends; onPayload then throws, so nothing
 * is sent at all. Throws when the adapter never reached onPayload: there is no body to judge.
 * @param {string} api
 * @param {{ streamSimple: SimpleStream }} adapter
 * @param {unknown} context
 * @returns {Promise<string>}
 */
export async function captureBody(api, adapter, context) {
  const model = {
    id: "wire-check",
    name: "wire-check",
    api,
    provider: api,
    baseUrl: "http://127.0.0.1:9",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 8000,
    maxTokens: 100,
  };
  /** @type {unknown} */
  let payload;
  const stream = adapter.streamSimple(model, context, {
    apiKey: FAKE_KEY,
    onPayload: (/** @type {unknown} */ body) => {
      payload = body;
      throw new Captured("captured");
    },
  });
  const result = /** @type {{ errorMessage?: string }} */ (await stream.result());
  if (payload === undefined)
    throw new Error(`${api} built no request body (onPayload was not called): ${result.errorMessage ?? "no error"}`);
  return JSON.stringify(payload);
}

// As a worker: import every module handed over, say which are chat adapters, then answer
// capture requests one by one until the parent lets go.
if (parentPort !== null && workerData !== undefined) {
  const port = parentPort;
  const chat = await importChatAdapters(/** @type {{ modules: ApiModule[] }} */ (workerData).modules);
  port.postMessage({ chatApis: [...chat.keys()] });
  port.on("message", async (/** @type {CaptureRequest} */ { id, api, context }) => {
    /** @type {CaptureReply} */
    let reply;
    try {
      const adapter = chat.get(api);
      if (adapter === undefined) throw new Error(`${api} is not one of pi-ai's chat adapters`);
      reply = { id, body: await captureBody(api, adapter, context) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
