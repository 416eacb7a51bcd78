import type { Message } from "@earendil-works/pi-ai";
import { describeOutcome, type StepOutcome, type StepRun } from "../../examples/ch38-typed-step/support/measure.ts";
import { StepFailed, type StepFailure } from "../../examples/ch38-typed-step/step.ts";
import type { StepFunction } from "../../examples/ch38-typed-step/support/measure.ts";
import type { Conversation } from "./conversation-generator.ts";
import { runConversation } from "./step-invariants.ts";
import { firstDifference, type Item } from "./first-difference.ts";

// Differential fuzzing of step(): ours and a reader's on the same conversation, compared by
// what a caller and the provider see: the outcome, and every request sent.

/** What a reader's step.ts exports that the differential runs. */
export interface ReaderStep {
  step: StepFunction;
  StepFailed: new (message: string, kind: StepFailure) => Error & { kind: StepFailure };
}

/**
 * The reader's step() with its failures as ours, so the one harness classifies both: their
 * StepFailed is another class, with the same message and kind.
 */
export function asOurs(theirs: ReaderStep): StepFunction {
  return (async (...args: Parameters<StepFunction>) => {
    try {
      return await theirs.step(...args);
    } catch (error) {
      if (error instanceof theirs.StepFailed) throw new StepFailed(error.message, error.kind);
      throw error;
    }
  }) as StepFunction;
}

function outcomeLine(outcome: StepOutcome): string {
  return outcome.status === "thrown"
    ? `${outcome.errorName}: ${outcome.message}`
    : outcome.status === "failed"
      ? `StepFailed ${outcome.kind}`
      : `value ${describeOutcome(outcome)}`;
}

/** A request as the provider sees it, without what changes from run to run (timestamps, call ids). */
function requestView(messages: readonly Message[]): Item[] {
  return messages.map((m, i): Item => [
    `message ${i + 1} (${m.role})`,
    JSON.stringify({
      role: m.role,
      content:
        typeof m.content === "string"
          ? m.content
          : m.content.map((block) => {
              const { id: _id, ...rest } = block as { id?: string };
              return rest;
            }),
      ...(m.role === "toolResult" ? { toolName: m.toolName, isError: m.isError } : {}),
      ...(m.role === "assistant" ? { stopReason: m.stopReason } : {}),
    }),
  ]);
}

/** Where two runs of one conversation part: the first difference a caller or the provider sees, or undefined. */
export function stepDivergence(ours: StepRun, theirs: StepRun): string | undefined {
  const a = outcomeLine(ours.outcome);
  const b = outcomeLine(theirs.outcome);
  if (a !== b) return `outcome: ours ${a}, theirs ${b}`;
  if (ours.providerRequests !== theirs.providerRequests) {
    return `provider requests: ours ${ours.providerRequests}, theirs ${theirs.providerRequests} (both ${a})`;
  }
  for (let i = 0; i < ours.requests.length; i++) {
    const found = firstDifference(
      `request ${i + 1} differs`,
      requestView(ours.requests[i]!),
      requestView(theirs.requests[i] ?? []),
    );
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Runs both versions on `conversation` (a fresh faux provider each) and compares them. */
export async function divergenceOn(
  ours: StepFunction,
  theirs: StepFunction,
  conversation: Conversation,
): Promise<string | undefined> {
  const [a, b] = [await runConversation(ours, conversation), await runConversation(theirs, conversation)];
  return stepDivergence(a, b);
}
