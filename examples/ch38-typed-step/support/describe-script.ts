import type { AssistantMessage } from "@earendil-works/pi-ai";
import type { StepOptions } from "../step.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS } from "./book-step.ts";

// A scripted conversation in one line, for a failing test to say what produced its outcome:
// `3 × submit {"verdict":"probably"}, then prose "I give up."`.

/** One scripted response as the model's turn reads: its tool calls, its prose, or how the request ended. */
export function describeResponse(response: AssistantMessage): string {
  if (response.stopReason === "error") return `failed request (${response.errorMessage ?? "no message"})`;
  if (response.stopReason === "aborted") return `aborted request (${response.errorMessage ?? "no message"})`;
  const parts = response.content.map((block) =>
    block.type === "toolCall"
      ? `${block.name} ${JSON.stringify(block.arguments)}`
      : block.type === "text"
        ? `prose ${JSON.stringify(block.text)}`
        : block.type,
  );
  const said = parts.length === 0 ? "an empty response" : parts.join(" + ");
  return response.stopReason === "length" ? `${said}, cut off by the output limit` : said;
}

/** The responses in order, a run of identical ones counted once (`5 × submit {…}`). */
export function describeScript(responses: readonly AssistantMessage[]): string {
  const runs: { text: string; n: number }[] = [];
  for (const response of responses) {
    const text = describeResponse(response);
    const last = runs.at(-1);
    if (last?.text === text) last.n++;
    else runs.push({ text, n: 1 });
  }
  if (runs.length === 0) return "no scripted responses";
  return runs.map(({ text, n }) => (n === 1 ? text : `${n} × ${text}`)).join(", then ");
}

/** The bounds a scripted run used, the defaults named as such. */
export function describeBounds(options: StepOptions = {}): string {
  const defaults = { maxAttempts: DEFAULT_MAX_ATTEMPTS, maxTurns: DEFAULT_MAX_TURNS };
  const bound = (name: "maxAttempts" | "maxTurns") => `${name} ${options[name] ?? `${defaults[name]} (default)`}`;
  const extra = options.extraTools?.length ? `, extra tools ${options.extraTools.map((t) => t.name).join(", ")}` : "";
  return `${bound("maxAttempts")}, ${bound("maxTurns")}${extra}`;
}
