import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, Model } from "@earendil-works/pi-ai";

// What pi-ai's chat adapters would send for a Context: captured at onPayload, which every
// adapter awaits before it sends, and which then throws, so nothing leaves the machine.

/** The chat adapters of the installed pi-ai: every module of its dist/api that exports streamSimple. */
export async function chatApis(): Promise<string[]> {
  // Located through one of its own modules: under a release's port the bare package name
  // resolves to the port's shim, but "./api/*" resolves to the release's files.
  const dir = dirname(fileURLToPath(import.meta.resolve("@earendil-works/pi-ai/api/lazy")));
  const apis: string[] = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".js") || file.endsWith(".lazy.js")) continue;
    const api = file.slice(0, -".js".length);
    if (
      typeof ((await import(`@earendil-works/pi-ai/api/${api}`)) as { streamSimple?: unknown }).streamSimple ===
      "function"
    )
      apis.push(api);
  }
  return apis;
}

/** Every chat adapter of the installed pi-ai, split by whether `test` is true of it. */
export interface AdapterSplit {
  yes: string[];
  no: string[];
  /** "a, b (2 of pi-ai's 10 chat adapters)", or "none of pi-ai's 10 chat adapters". */
  named(apis: readonly string[]): string;
}

/** Runs `test` on every chat adapter of the installed pi-ai (in file order) and splits them by its answer. */
export async function splitAdapters(test: (api: string) => Promise<boolean>): Promise<AdapterSplit> {
  const all = await chatApis();
  const yes: string[] = [];
  const no: string[] = [];
  for (const api of all) ((await test(api)) ? yes : no).push(api);
  const of = `pi-ai's ${all.length} chat adapters`;
  return {
    yes,
    no,
    named: (apis) => (apis.length === 0 ? `none of ${of}` : `${apis.join(", ")} (${apis.length} of ${of})`),
  };
}

type SimpleStream = (model: Model<never>, context: Context, options: object) => { result(): Promise<unknown> };

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
 * Builds the request `api` would send for `context` and captures it from `onPayload`, which
 * every adapter awaits before it sends; onPayload then throws, so nothing is sent at all.
 * Throws when the adapter never reached onPayload: there is no body to judge.
 */
export async function capturePayload(api: string, context: Context): Promise<unknown> {
  // The AWS SDK warns on Node 20 that its later releases need Node 22; the Bedrock adapter
  // builds its client here only for the body to be read, so the warning is noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const module = (await import(`@earendil-works/pi-ai/api/${api}`)) as { streamSimple: SimpleStream };
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
  } as unknown as Model<never>;
  let payload: unknown;
  const stream = module.streamSimple(model, context, {
    apiKey: FAKE_KEY,
    onPayload: (body: unknown) => {
      payload = body;
      throw new Captured("captured");
    },
  });
  const result = (await stream.result()) as { errorMessage?: string };
  if (payload === undefined)
    throw new Error(`${api} built no request body (onPayload was not called): ${result.errorMessage ?? "no error"}`);
  return payload;
}

/**
 * Whether the body `api` would send for `context` holds `text` (a JSON fragment such as
 * `"hits"`): as the body's own JSON, or inside one of its strings (escaped there), as when an
 * adapter writes the details into a tool result's text.
 */
export async function bodyHolds(api: string, context: Context, text: string): Promise<boolean> {
  const body = JSON.stringify(await capturePayload(api, context));
  return body.includes(text) || body.includes(JSON.stringify(text).slice(1, -1));
}

/**
 * Whether `api` lets the model see that `context`'s tool results are errors: its request body
 * differs from the body of the same context with every result's `isError` false. Throws when
 * two bodies of the unflagged context differ: such an adapter could not show the flag's absence.
 */
export async function sendsErrorFlag(api: string, context: Context): Promise<boolean> {
  const unflagged = {
    ...context,
    messages: context.messages.map((m) => (m.role === "toolResult" ? { ...m, isError: false } : m)),
  };
  const body = async (c: Context) => JSON.stringify(await capturePayload(api, c));
  const [flagged, plain, again] = [await body(context), await body(unflagged), await body(unflagged)];
  if (plain !== again) throw new Error(`${api}'s request body differs between two identical requests`);
  return flagged !== plain;
}
