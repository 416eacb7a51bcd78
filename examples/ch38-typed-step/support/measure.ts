import type {
  AssistantMessage,
  Context,
  FauxResponseStep,
  Message,
  Models,
  ToolResultMessage,
  TSchema,
} from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { StepFailed, type step, type StepFailure, type StepOptions } from "../step.ts";
import { INPUT, SYSTEM, Verdict } from "./script.ts";
import { SUBMIT } from "./book-step.ts";

// Everything here is measured from outside step(): it is given a Models that sees every
// request (with its context, tool results included) and every response. A listing needs no
// hook for it, so a reader's copy of the book's step() is measured exactly as ours is.

/** step() and its two earlier versions share this signature. */
export type StepFunction = typeof step;

/** How one run ended: a value, a StepFailed kind, or another error (the configuration guards). */
export type StepOutcome =
  | { status: "value"; value: unknown }
  | { status: "failed"; kind: StepFailure; message: string }
  | { status: "thrown"; errorName: string; message: string };

/** A finished tool call, as the next request sent its result back to the model. */
export interface ToolEnd {
  toolName: string;
  isError: boolean;
  /**
   * The result's text; undefined for a call of the batch that ended the run, whose result
   * no request carried. The loop makes no further request after a batch only when every
   * result in it set `terminate` (abort() still costs one more call), so such a call succeeded.
   */
  text: string | undefined;
}

/** What one scripted run did, measured rather than assumed. */
export interface StepRun {
  outcome: StepOutcome;
  /** Requests the faux provider served (`faux.state.callCount`). */
  providerRequests: number;
  /** Calls the agent made to its stream function, served or not. */
  streamFnCalls: number;
  /** Turns: responses the stream function returned (the loop ends a turn after each, aborted ones included). */
  turns: number;
  /** The messages each stream-function call was given, in order. */
  requests: Message[][];
  toolEnds: ToolEnd[];
  /** Stop reasons of the responses, in order. */
  stopReasons: string[];
  /** The error message of the last response, when it carried one. */
  lastErrorMessage: string | undefined;
}

/**
 * Wraps `models` so every stream-function call is seen before it goes to the provider, and
 * every response once it is complete.
 */
export function observedModels(
  models: Models,
  seen: (context: Context) => void,
  answered: (response: Promise<AssistantMessage>) => void = () => {},
): Models {
  const observed: Models = Object.create(models);
  observed.streamSimple = (model, context, options) => {
    seen(context);
    const stream = models.streamSimple(model, context, options);
    answered(stream.result());
    return stream;
  };
  return observed;
}

function toOutcome(error: unknown): StepOutcome {
  if (error instanceof StepFailed) return { status: "failed", kind: error.kind, message: error.message };
  if (error instanceof Error) return { status: "thrown", errorName: error.name, message: error.message };
  throw error;
}

const textOf = (result: ToolResultMessage): string =>
  result.content.map((block) => (block.type === "text" ? block.text : "")).join("");

/**
 * The tool calls that ended, in order: every result the last request sent back, then the
 * calls of a last response that no request followed (the batch that ended the run).
 */
export function toolEndsOf(requests: readonly Message[][], responses: readonly AssistantMessage[]): ToolEnd[] {
  const sent = (requests.at(-1) ?? []).filter((m): m is ToolResultMessage => m.role === "toolResult");
  const ends: ToolEnd[] = sent.map((r) => ({ toolName: r.toolName, isError: r.isError, text: textOf(r) }));
  const last = responses.at(-1);
  if (last !== undefined && responses.length === requests.length && last.stopReason === "toolUse") {
    for (const block of last.content) {
      if (block.type === "toolCall") ends.push({ toolName: block.name, isError: false, text: undefined });
    }
  }
  return ends;
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
  const answers: Promise<AssistantMessage | undefined>[] = [];
  const counted = observedModels(
    wrapModels(models),
    (context) => requests.push([...context.messages]),
    (response) => answers.push(response.catch(() => undefined)),
  );
  let outcome: StepOutcome;
  try {
    outcome = { status: "value", value: await version(counted, model, SYSTEM, input, schema, options) };
  } catch (error) {
    outcome = toOutcome(error);
  }
  const answered = (await Promise.all(answers)).filter((m): m is AssistantMessage => m !== undefined);
  return {
    outcome,
    providerRequests: faux.state.callCount,
    streamFnCalls: requests.length,
    turns: answered.length,
    requests,
    toolEnds: toolEndsOf(requests, answered),
    stopReasons: answered.map((m) => m.stopReason),
    lastErrorMessage: answered.at(-1)?.errorMessage,
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
