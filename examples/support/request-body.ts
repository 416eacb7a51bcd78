import type { Context, Model } from "@earendil-works/pi-ai";

// What one of pi-ai's chat adapters would send for a Context: captured at onPayload, which
// every adapter awaits before it sends, and which then throws, so nothing leaves the machine.

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
  await stream.result();
  return payload;
}

/**
 * Whether `api` lets the model see that `context`'s tool results are errors: its request body
 * differs from the body of the same context with every result's `isError` false.
 */
export async function sendsErrorFlag(api: string, context: Context): Promise<boolean> {
  const unflagged = {
    ...context,
    messages: context.messages.map((m) => (m.role === "toolResult" ? { ...m, isError: false } : m)),
  };
  return JSON.stringify(await capturePayload(api, context)) !== JSON.stringify(await capturePayload(api, unflagged));
}
