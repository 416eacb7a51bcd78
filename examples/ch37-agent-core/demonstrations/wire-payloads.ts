// What each of pi-ai's chat adapters would send for a Context (captured by support/request-body.ts).
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context, Message } from "@earendil-works/pi-ai";
import { capturePayload } from "../../support/request-body.ts";

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

/** How one chat adapter sends a tool result flagged isError, against the same result unflagged. */
export type ErrorFlagOnWire =
  { api: string; captured: true; distinguishable: boolean } | { api: string; captured: false; reason: string };

const EMPTY_USAGE = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** A context that ends with one tool result, flagged `isError` or not. */
function contextWithResult(isError: boolean): Context {
  const messages: Message[] = [
    { role: "user", content: "Check the quota, then answer.", timestamp: 1 },
    {
      role: "assistant",
      content: [{ type: "toolCall", id: "call_1", name: "check_quota", arguments: {} }],
      api: "faux",
      provider: "faux",
      model: "faux",
      usage: EMPTY_USAGE,
      stopReason: "toolUse",
      timestamp: 2,
    },
    {
      role: "toolResult",
      toolCallId: "call_1",
      toolName: "check_quota",
      content: [{ type: "text", text: "quota exhausted" }],
      isError,
      timestamp: 3,
    },
  ];
  return { systemPrompt: "Answer from the tools.", messages };
}

/**
 * For every chat adapter, builds the request for a context ending with an error result and
 * for the same context with the result unflagged: identical bodies mean the model cannot tell.
 */
export async function errorFlagOnWire(): Promise<ErrorFlagOnWire[]> {
  const out: ErrorFlagOnWire[] = [];
  for (const api of await chatApis()) {
    try {
      const body = async (isError: boolean) =>
        JSON.stringify(await capturePayload(api, contextWithResult(isError))) as string | undefined;
      const [flagged, plain, again] = [await body(true), await body(false), await body(false)];
      if (flagged === undefined || plain === undefined)
        out.push({ api, captured: false, reason: "onPayload was not called" });
      // A body that differs between two identical requests could not show the flag's absence.
      else if (plain !== again)
        out.push({ api, captured: false, reason: "its body differs between two identical requests" });
      else out.push({ api, captured: true, distinguishable: flagged !== plain });
    } catch (error) {
      out.push({
        api,
        captured: false,
        reason: error instanceof Error ? error.message.split("\n")[0]! : String(error),
      });
    }
  }
  return out;
}
