import { withCodeView, type Conversation } from "./conversation-generator.ts";

const RESPONSE_KINDS = new Set(["calls", "prose", "failed", "aborted"]);

/** A conversation from the JSON a failing campaign printed, or one line saying what is wrong. */
export function parseConversation(json: string): Conversation | { kind: "invalid-replay"; message: string } {
  const problem = (why: string) => ({
    kind: "invalid-replay" as const,
    message: `--replay: ${why}; pass the JSON from the --replay line of a failing campaign's report`,
  });
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return problem(`not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const candidate = value as Partial<Conversation> | null;
  if (typeof candidate !== "object" || candidate === null || !Array.isArray(candidate.responses))
    return problem("no responses array");
  for (const response of candidate.responses as unknown[]) {
    const kind = (response as { kind?: unknown } | null)?.kind;
    if (typeof kind !== "string" || !RESPONSE_KINDS.has(kind))
      return problem(`a response of unknown kind ${JSON.stringify(kind)}`);
    if (kind === "calls" && !Array.isArray((response as { calls?: unknown }).calls))
      return problem("a calls response without calls");
  }
  for (const bound of ["maxAttempts", "maxTurns"] as const) {
    const v = candidate[bound];
    if (v !== undefined && typeof v !== "number") return problem(`${bound} is not a number`);
  }
  return withCodeView(candidate as Conversation);
}
