import type { AgentEvent } from "@earendil-works/pi-agent-core";
import type { Context, FauxResponseStep, Message, Models, TSchema } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { SUBMIT, type StepFunction, type StepOptions } from "../step.ts";

export type { StepFunction } from "../step.ts";
import { StepFailed, type StepFailureKind } from "../step-failed.ts";
import { INPUT, SYSTEM, Verdict } from "../script.ts";

/** How one run ended: a value, a StepFailed kind, or another error (the configuration guards). */
export type StepOutcome =
  | { status: "value"; value: unknown }
  | { status: "failed"; kind: StepFailureKind; message: string }
  | { status: "thrown"; errorName: string; message: string };

/** A finished tool call as the agent reported it. */
export interface ToolEnd {
  toolName: string;
  isError: boolean;
  text: string;
}

/** What one scripted run did, measured rather than assumed. */
export interface StepRun {
  outcome: StepOutcome;
  /** Requests the faux provider served (`faux.state.callCount`). */
  providerRequests: number;
  /** Calls the agent made to its stream function, served or not. */
  streamFnCalls: number;
  /** `turn_end` events. */
  turns: number;
  /** The messages each stream-function call was given, in order. */
  requests: Message[][];
  toolEnds: ToolEnd[];
  /** Stop reasons of the assistant messages, in order. */
  stopReasons: string[];
  /** The error message of the last assistant message, when it carried one. */
  lastErrorMessage: string | undefined;
}

/** Wraps `models` so every stream-function call is seen before it goes to the provider. */
export function observedModels(models: Models, seen: (context: Context) => void): Models {
  const observed: Models = Object.create(models);
  observed.streamSimple = (model, context, options) => {
    seen(context);
    return models.streamSimple(model, context, options);
  };
  return observed;
}

function toOutcome(error: unknown): StepOutcome {
  if (error instanceof StepFailed) return { status: "failed", kind: error.kind, message: error.message };
  if (error instanceof Error) return { status: "thrown", errorName: error.name, message: error.message };
  throw error;
}

function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content.map((block) => block.text ?? "").join("");
}

/**
 * Runs one version of step() against a fresh faux provider scripted with `responses`
 * and measures it. The schema defaults to the chapter's verdict; `wrapModels` swaps in a
 * caller's Models around the faux one (a stream function that throws or drops the signal).
 */
export async function measureStep(
  version: StepFunction,
  responses: FauxResponseStep[],
  options: StepOptions = {},
  schema: TSchema = Verdict,
  input: string = INPUT,
  wrapModels: (models: Models) => Models = (models) => models,
): Promise<StepRun> {
  const { faux, models, model } = scriptedModels(responses);
  const requests: Message[][] = [];
  const toolEnds: ToolEnd[] = [];
  const stopReasons: string[] = [];
  let lastErrorMessage: string | undefined;
  let turns = 0;
  const onEvent = (event: AgentEvent): void => {
    if (event.type === "turn_end") turns++;
    if (event.type === "tool_execution_end") {
      toolEnds.push({ toolName: event.toolName, isError: event.isError, text: resultText(event.result) });
    }
    if (event.type === "message_end" && "role" in event.message && event.message.role === "assistant") {
      stopReasons.push(event.message.stopReason);
      lastErrorMessage = event.message.errorMessage;
    }
    options.onEvent?.(event);
  };
  const counted = observedModels(wrapModels(models), (context) => requests.push([...context.messages]));
  let outcome: StepOutcome;
  try {
    outcome = { status: "value", value: await version(counted, model, SYSTEM, input, schema, { ...options, onEvent }) };
  } catch (error) {
    outcome = toOutcome(error);
  }
  return {
    outcome,
    providerRequests: faux.state.callCount,
    streamFnCalls: requests.length,
    turns,
    requests,
    toolEnds,
    stopReasons,
    lastErrorMessage,
  };
}

/** The outcome as one table cell: the value as JSON, or the failure's kind / error name. */
export function describeOutcome(outcome: StepOutcome): string {
  switch (outcome.status) {
    case "value":
      return JSON.stringify(outcome.value);
    case "failed":
      return outcome.kind;
    case "thrown":
      return outcome.errorName;
  }
}

/** Failed submit calls in a run, as the step's listener counts them. */
export function failedSubmits(run: StepRun): number {
  return run.toolEnds.filter((end) => end.toolName === SUBMIT && end.isError).length;
}
