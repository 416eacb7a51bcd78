import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import type { Model, Models, Static, TSchema } from "@earendil-works/pi-ai";

// Chapter 38's step() with the book's API and behaviour, names, strings and branch order
// included: a reader can put the book's listing in place of this file and every test,
// notebook cell and ledger check still runs. Where the companion would do better, it says
// so in a finding (chapters/findings.tsv) and leaves this file as the book has it.

// ANCHOR: options
/** The bounds and extra tools of one step. */
export interface StepOptions {
  /** Failed `submit` calls before the run is aborted (default 3). */
  maxAttempts?: number;
  /** Model turns in total, whatever they do, before the run is aborted (default 10). */
  maxTurns?: number;
  /** Tools the model may use before it submits; none may be named `submit`. */
  extraTools?: AgentTool[];
}
// ANCHOR_END: options

// ANCHOR: step-failed
/** Why a step produced no value: a coarse cause, not a retry policy. */
export type StepFailure = "provider" | "invalid-submissions" | "turn-limit" | "no-submit";

/** The run ended without a stored, schema-valid submission. */
export class StepFailed extends Error {
  readonly kind: StepFailure;

  constructor(message: string, kind: StepFailure) {
    super(message);
    this.kind = kind;
  }
}
// ANCHOR_END: step-failed

/**
 * A stochastic step as a typed function: `input` in, a value of `schema` out, or
 * `StepFailed` with its kind. Bad options throw `RangeError` / `Error` before any request.
 */
export async function step<S extends TSchema>(
  models: Models,
  model: Model<any>,
  system: string,
  input: string,
  schema: S,
  options: StepOptions = {},
): Promise<Static<S>> {
  // ANCHOR: config-guards
  const { maxAttempts = 3, maxTurns = 10, extraTools } = options;
  // Bad configuration is a programming error, thrown before any request.
  for (const [name, value] of [
    ["maxAttempts", maxAttempts],
    ["maxTurns", maxTurns],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  }
  if (extraTools?.some((tool) => tool.name === "submit")) {
    throw new Error('extraTools must not define the reserved tool name "submit"');
  }
  // ANCHOR_END: config-guards

  // ANCHOR: submit
  let result: Static<S> | undefined;
  const submit: AgentTool<S> = {
    name: "submit",
    label: "Submit",
    description: "Submit the final answer. This ends the task. Call it exactly once.",
    parameters: schema,
    // The core has validated params against the schema before execute runs; the first
    // valid submission wins.
    async execute(_toolCallId, params) {
      if (result === undefined) result = params;
      return { content: [{ type: "text", text: "accepted" }], details: undefined, terminate: true };
    },
  };
  // ANCHOR_END: submit

  const agent = new Agent({
    initialState: { systemPrompt: system, model, tools: [submit, ...(extraTools ?? [])] },
    streamFn: models.streamSimple.bind(models),
  });

  // ANCHOR: bounds
  let failures = 0;
  let turns = 0;
  let hitTurnLimit = false;
  agent.subscribe((event) => {
    // Any failed submit counts, whatever made it fail: bad arguments, the core, or execute.
    if (event.type === "tool_execution_end" && event.toolName === "submit" && event.isError) {
      if (++failures >= maxAttempts) agent.abort();
    }
    // The bound holds whether or not a value is already stored: that is the fix.
    if (event.type === "turn_end" && ++turns >= maxTurns) {
      hitTurnLimit = true;
      agent.abort();
    }
  });
  // ANCHOR_END: bounds

  await agent.prompt(input);

  // ANCHOR: classification
  // A stored value is returned even if a later turn failed or hit a bound: that is the policy.
  if (result !== undefined) return result;
  if (failures >= maxAttempts) {
    throw new StepFailed(`no valid submission after ${failures} attempt(s)`, "invalid-submissions");
  }
  if (hitTurnLimit) throw new StepFailed(`no submission after ${turns} turn(s)`, "turn-limit");
  const last = agent.state.messages.findLast((message) => message.role === "assistant");
  if (last?.role === "assistant" && (last.stopReason === "error" || last.stopReason === "aborted")) {
    throw new StepFailed(`model call failed: ${last.errorMessage ?? last.stopReason}`, "provider");
  }
  if (failures > 0) throw new StepFailed(`no valid submission after ${failures} attempt(s)`, "invalid-submissions");
  throw new StepFailed("the model finished without calling submit", "no-submit");
  // ANCHOR_END: classification
}
