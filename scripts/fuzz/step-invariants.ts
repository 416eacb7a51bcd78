import { isDeepStrictEqual } from "node:util";
import { Value } from "typebox/value";
import { predictStep } from "./classification-oracle.ts";
import { Submission, toResponses, type Conversation, type SubmissionValue } from "./conversation-generator.ts";
import {
  failedSubmits,
  measureStep,
  type StepFunction,
  type StepRun,
} from "../../examples/ch38-typed-step/support/measure.ts";
import { lookupTool } from "../../examples/ch38-typed-step/support/script.ts";

// The invariants every version of step() is held to, over any generated conversation.
// The property tests and `npm run fuzz` both check conversations through here.

/** The chapter's default turn bound, restated rather than borrowed from step(). */
const DEFAULT_MAX_TURNS = 10;

/** One broken invariant: which one, and what was measured. */
export interface Violation {
  invariant:
    | "value-validates"
    | "first-valid-submission"
    | "requests-within-maxTurns"
    | "failure-count"
    | "failure-kind"
    | "request-count";
  detail: string;
}

/** Runs `version` on the conversation's script with a fresh faux provider. */
export function runConversation(version: StepFunction, conversation: Conversation): Promise<StepRun> {
  return measureStep(
    version,
    toResponses(conversation),
    { maxAttempts: conversation.maxAttempts, maxTurns: conversation.maxTurns, extraTools: [lookupTool()] },
    Submission,
  );
}

/** The first submit the core would accept among the responses the provider served. */
function firstAcceptedSubmission(conversation: Conversation, served: number): SubmissionValue | undefined {
  for (const response of conversation.responses.slice(0, served)) {
    if (response.kind !== "calls" || response.truncated) continue;
    for (const call of response.calls) if (call.tool === "submit" && call.accepted !== undefined) return call.accepted;
  }
  return undefined;
}

/** Every invariant the run breaks; empty when the run is what the chapter promises. */
export function violations(conversation: Conversation, run: StepRun): Violation[] {
  const expected = predictStep(conversation);
  const found: Violation[] = [];
  const { outcome } = run;
  const maxTurns = conversation.maxTurns ?? DEFAULT_MAX_TURNS;

  if (run.providerRequests > maxTurns) {
    found.push({
      invariant: "requests-within-maxTurns",
      detail: `${run.providerRequests} provider requests under maxTurns ${maxTurns}`,
    });
  }
  if (run.providerRequests !== expected.providerRequests) {
    found.push({
      invariant: "request-count",
      detail: `${run.providerRequests} provider requests, expected ${expected.providerRequests}`,
    });
  }
  if (failedSubmits(run) !== expected.failedSubmits) {
    found.push({
      invariant: "failure-count",
      detail: `${failedSubmits(run)} failed submit calls counted, expected ${expected.failedSubmits}`,
    });
  }
  if (outcome.status === "value") {
    if (!Value.Check(Submission, outcome.value)) {
      found.push({
        invariant: "value-validates",
        detail: `returned ${JSON.stringify(outcome.value)}, which the schema rejects`,
      });
    }
    const first = firstAcceptedSubmission(conversation, run.providerRequests);
    if (!isDeepStrictEqual(outcome.value, first)) {
      found.push({
        invariant: "first-valid-submission",
        detail: `returned ${JSON.stringify(outcome.value)}, first valid submission ${JSON.stringify(first)}`,
      });
    }
  }
  const want =
    expected.outcome.status === "value"
      ? `value ${JSON.stringify(expected.outcome.value)}`
      : `StepFailed ${expected.outcome.kind}`;
  const got =
    outcome.status === "value"
      ? `value ${JSON.stringify(outcome.value)}`
      : outcome.status === "failed"
        ? `StepFailed ${outcome.kind}`
        : `${outcome.errorName}: ${outcome.message}`;
  if (want !== got) found.push({ invariant: "failure-kind", detail: `ended with ${got}, expected ${want}` });
  return found;
}

/**
 * Throws an Error listing the broken invariants (all of them, or only those named), so
 * fast-check reports the failure and shrinks the conversation.
 */
export async function assertStepInvariants(
  version: StepFunction,
  conversation: Conversation,
  only?: readonly Violation["invariant"][],
): Promise<void> {
  const broken = violations(conversation, await runConversation(version, conversation)).filter(
    (v) => only === undefined || only.includes(v.invariant),
  );
  if (broken.length > 0) {
    throw new Error(broken.map((v) => `${v.invariant}: ${v.detail}`).join("; "));
  }
}
