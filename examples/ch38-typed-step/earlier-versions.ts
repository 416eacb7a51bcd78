import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import type { Model, Models, Static, TSchema } from "@earendil-works/pi-ai";
import { StepFailed, type StepOptions } from "./step.ts";

// The two versions of step() the chapter's bug history tells of, kept compiling beside the
// fix (step.ts). Each is a whole function with step()'s signature; they differ from it only
// in the turn listener. The helpers below are what all three share, written once for the
// two earlier versions (step.ts stays whole, as a reader's copy of the book's listing is).

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
}

function requireNoSubmitTool(extraTools: readonly AgentTool[] | undefined): void {
  if (extraTools?.some((tool) => tool.name === "submit")) {
    throw new Error('extraTools must not define the reserved tool name "submit"');
  }
}

/** The submit tool and what it stored: the first valid submission. */
function submitTool<S extends TSchema>(schema: S): { tool: AgentTool<S>; stored: () => Static<S> | undefined } {
  let result: Static<S> | undefined;
  const tool: AgentTool<S> = {
    name: "submit",
    label: "Submit",
    description: "Submit the final answer. This ends the task. Call it exactly once.",
    parameters: schema,
    async execute(_toolCallId, params) {
      if (result === undefined) result = params;
      return { content: [{ type: "text", text: "accepted" }], details: undefined, terminate: true };
    },
  };
  return { tool, stored: () => result };
}

/** The agent of one run, with submit first and the extra tools after it. */
function agentWithSubmit<S extends TSchema>(
  models: Models,
  model: Model<any>,
  system: string,
  schema: S,
  extraTools: readonly AgentTool[] = [],
) {
  const submit = submitTool(schema);
  const agent = new Agent({
    initialState: { systemPrompt: system, model, tools: [submit.tool, ...extraTools] },
    streamFn: models.streamSimple.bind(models),
  });
  return { agent, stored: submit.stored };
}

/** What the run ended in when no value is stored: step()'s classification after its first branch. */
function failure(
  agent: Agent,
  counts: { failures: number; maxAttempts: number; turns: number; hitTurnLimit: boolean },
): StepFailed {
  const { failures, maxAttempts, turns, hitTurnLimit } = counts;
  if (failures >= maxAttempts)
    return new StepFailed(`no valid submission after ${failures} attempt(s)`, "invalid-submissions");
  if (hitTurnLimit) return new StepFailed(`no submission after ${turns} turn(s)`, "turn-limit");
  const last = agent.state.messages.findLast((message) => message.role === "assistant");
  if (last?.role === "assistant" && (last.stopReason === "error" || last.stopReason === "aborted")) {
    return new StepFailed(`model call failed: ${last.errorMessage ?? last.stopReason}`, "provider");
  }
  if (failures > 0) return new StepFailed(`no valid submission after ${failures} attempt(s)`, "invalid-submissions");
  return new StepFailed("the model finished without calling submit", "no-submit");
}

/** step() as first written: no turn bound, so a model that never submits is stopped only by maxAttempts or the provider. */
export async function stepWithoutTurnBound<S extends TSchema>(
  models: Models,
  model: Model<any>,
  system: string,
  input: string,
  schema: S,
  options: StepOptions = {},
): Promise<Static<S>> {
  const { maxAttempts = 3, extraTools } = options;
  requirePositiveInteger("maxAttempts", maxAttempts);
  requireNoSubmitTool(extraTools);
  const { agent, stored } = agentWithSubmit(models, model, system, schema, extraTools);
  // ANCHOR: no-turn-bound
  let failures = 0;
  agent.subscribe((event) => {
    // Only failed submits are counted: a model that never submits is not stopped here.
    if (event.type === "tool_execution_end" && event.toolName === "submit" && event.isError) {
      if (++failures >= maxAttempts) agent.abort();
    }
  });
  // ANCHOR_END: no-turn-bound
  await agent.prompt(input);
  const value = stored();
  if (value !== undefined) return value;
  throw failure(agent, { failures, maxAttempts, turns: 0, hitTurnLimit: false });
}

/** step() with the unfixed guard: once a value is stored, maxTurns no longer ends the run. */
export async function stepWithUnfixedGuard<S extends TSchema>(
  models: Models,
  model: Model<any>,
  system: string,
  input: string,
  schema: S,
  options: StepOptions = {},
): Promise<Static<S>> {
  const { maxAttempts = 3, maxTurns = 10, extraTools } = options;
  requirePositiveInteger("maxAttempts", maxAttempts);
  requirePositiveInteger("maxTurns", maxTurns);
  requireNoSubmitTool(extraTools);
  const { agent, stored } = agentWithSubmit(models, model, system, schema, extraTools);
  // ANCHOR: unfixed-guard
  let failures = 0;
  let turns = 0;
  let hitTurnLimit = false;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_end" && event.toolName === "submit" && event.isError) {
      if (++failures >= maxAttempts) agent.abort();
    }
    // The bug: the bound stops applying once a value is stored.
    if (event.type === "turn_end" && ++turns >= maxTurns && stored() === undefined) {
      hitTurnLimit = true;
      agent.abort();
    }
  });
  // ANCHOR_END: unfixed-guard
  await agent.prompt(input);
  const value = stored();
  if (value !== undefined) return value;
  throw failure(agent, { failures, maxAttempts, turns, hitTurnLimit });
}
