// What each of pi-ai's chat adapters would send for a Context (captured by support/request-body.ts).
import type { Context, Message } from "@earendil-works/pi-ai";
import { chatApis, sendsErrorFlag } from "../../support/request-body.ts";

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
 * for the same context with the result unflagged: identical bodies mean the model cannot tell
 * (support/request-body.ts's sendsErrorFlag; an adapter it cannot judge is `captured: false`).
 */
export async function errorFlagOnWire(): Promise<ErrorFlagOnWire[]> {
  const out: ErrorFlagOnWire[] = [];
  for (const api of await chatApis()) {
    try {
      out.push({ api, captured: true, distinguishable: await sendsErrorFlag(api, contextWithResult(true)) });
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
