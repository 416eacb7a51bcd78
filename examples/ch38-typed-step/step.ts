import { Agent, type AgentEvent, type AgentMessage, type AgentTool } from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, Model, Models, Static, TSchema } from "@earendil-works/pi-ai";
import { StepFailed } from "./step-failed.ts";

export { StepFailed, type StepFailureKind } from "./step-failed.ts";

export const SUBMIT = "submit";
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_MAX_TURNS = 10;

/** The bounds and extra tools of one step. */
export interface StepOptions {
  /** Failed `submit` calls before the run is aborted (default 3). */
  maxAttempts?: number;
  /** Model turns in total, whatever they do, before the run is aborted (default 10). */
  maxTurns?: number;
  /** Tools the model may use before it submits; none may be named `submit`. */
  // AgentTool's execute is contravariant in its schema, so a list of differently typed tools needs any (as Pi's own AgentState does).
  extraTools?: readonly AgentTool<any>[];
  /** Sees every agent event after the step's own bookkeeping: for progress and measurement. */
  onEvent?: (event: AgentEvent) => void;
}

/**
 * Whether the turn bound ends the run after `turns` completed turns. The three versions of
 * step() differ only in this function.
 */
export type TurnGuard = (turns: number, maxTurns: number, result: unknown) => boolean;

/** The signature step() and its two earlier versions share. */
export type StepFunction = <T extends TSchema>(
  models: Models,
  model: Model<Api>,
  system: string,
  input: string,
  schema: T,
  options?: StepOptions,
) => Promise<Static<T>>;

// ANCHOR: fixed-guard
/** The fix: the bound holds whether or not a value is already stored. */
export const fixedTurnGuard: TurnGuard = (turns, maxTurns) => turns >= maxTurns;
// ANCHOR_END: fixed-guard

/**
 * A stochastic step as a typed function, `step(models, model, system, input, schema, options?)`:
 * text in, a schema-valid value out, or `StepFailed` with its kind. Bad options throw
 * `RangeError` / `Error` before any request.
 */
export const step: StepFunction = withTurnGuard(fixedTurnGuard);

/** A version of step(): the shared run with that version's turn guard. */
export function withTurnGuard(turnLimitReached: TurnGuard): StepFunction {
  return (models, model, system, input, schema, options) =>
    runStep(turnLimitReached, models, model, system, input, schema, options);
}

// ANCHOR: config-guards
function requirePositiveSafeInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive safe integer, got ${String(value)}`);
  }
  return value;
}

function requireNoSubmitTool(tools: readonly AgentTool<any>[]): void {
  if (tools.some((tool) => tool.name === SUBMIT)) {
    throw new Error(`an extra tool may not be named "${SUBMIT}": step() owns that name`);
  }
}
// ANCHOR_END: config-guards

// ANCHOR: submit
/** The tool whose parameters are the schema: the only way a value leaves the step. */
function submitTool<T extends TSchema>(schema: T, keep: (value: Static<T>) => void): AgentTool<T> {
  return {
    name: SUBMIT,
    label: "Submit",
    description: "Submit the final answer. This ends the task; call it exactly once.",
    parameters: schema,
    // The core has validated params against the schema before execute runs.
    async execute(_toolCallId, params) {
      keep(params);
      return { content: [{ type: "text", text: "accepted" }], details: undefined, terminate: true };
    },
  };
}
// ANCHOR_END: submit

function lastAssistant(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message !== undefined && "role" in message && message.role === "assistant") return message;
  }
  return undefined;
}

/**
 * Runs one step: `input` in, a value of `schema` out, or `StepFailed`. `turnLimitReached`
 * is the version's turn bound; everything else is shared by the three versions.
 */
async function runStep<T extends TSchema>(
  turnLimitReached: TurnGuard,
  models: Models,
  model: Model<Api>,
  system: string,
  input: string,
  schema: T,
  options: StepOptions = {},
): Promise<Static<T>> {
  const maxAttempts = requirePositiveSafeInteger("maxAttempts", options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const maxTurns = requirePositiveSafeInteger("maxTurns", options.maxTurns ?? DEFAULT_MAX_TURNS);
  const extraTools = options.extraTools ?? [];
  requireNoSubmitTool(extraTools);

  let result: Static<T> | undefined;
  const submit = submitTool(schema, (value) => {
    // The first valid submission wins; a later one cannot overwrite it.
    if (result === undefined) result = value;
  });
  const agent = new Agent({
    initialState: { systemPrompt: system, model, tools: [submit, ...extraTools] },
    streamFn: models.streamSimple.bind(models),
  });

  // ANCHOR: bounds
  let failedSubmits = 0;
  let turns = 0;
  let turnLimitHit = false;
  agent.subscribe((event) => {
    // Any failed submit counts, whatever made it fail: bad arguments, the core, or execute.
    if (event.type === "tool_execution_end" && event.toolName === SUBMIT && event.isError) {
      if (++failedSubmits >= maxAttempts) agent.abort();
    }
    if (event.type === "turn_end" && turnLimitReached(++turns, maxTurns, result)) {
      turnLimitHit = true;
      agent.abort();
    }
    options.onEvent?.(event);
  });
  // ANCHOR_END: bounds

  await agent.prompt(input);

  // ANCHOR: classification
  // A stored value is returned even if a later turn failed or hit a bound: that is the policy.
  if (result !== undefined) return result;
  if (failedSubmits >= maxAttempts) {
    throw new StepFailed("invalid-submissions", `${failedSubmits} failed submit calls reached maxAttempts ${maxAttempts}`);
  }
  if (turnLimitHit) {
    throw new StepFailed("turn-limit", `no valid submission within maxTurns ${maxTurns}`);
  }
  const last = lastAssistant(agent.state.messages);
  if (last?.stopReason === "error" || last?.stopReason === "aborted") {
    throw new StepFailed("provider", `the request ended with stop reason "${last.stopReason}": ${last.errorMessage ?? "no message"}`);
  }
  throw new StepFailed("no-submit", "the model finished without calling submit");
  // ANCHOR_END: classification
}
