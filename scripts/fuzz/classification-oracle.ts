import type { Conversation, ScriptedCall, SubmissionValue } from "./conversation-generator.ts";

// What step() must do with a scripted conversation, worked out from the chapter's rules
// and from how the core runs a batch, without calling step() or any of its code. The
// property tests compare this prediction with a real run.

/** The chapter's defaults, restated here so the oracle does not borrow them from step(). */
const DEFAULT_MAX_ATTEMPTS = 3;
const DEFAULT_MAX_TURNS = 10;

/** A StepFailed kind, as the chapter lists them. */
export type ExpectedKind = "provider" | "invalid-submissions" | "turn-limit" | "no-submit";

/** What a run of the fixed step() must end with and cost. */
export interface ExpectedRun {
  outcome: { status: "value"; value: SubmissionValue } | { status: "failed"; kind: ExpectedKind };
  /** Requests the provider serves, including the one that finds the script exhausted. */
  providerRequests: number;
  /** `submit` executions that end with an error (what the step's listener counts). */
  failedSubmits: number;
}

type StopReason = "stop" | "toolUse" | "length" | "error" | "aborted";

/** Whether the core fails this call before `execute` (unknown tool or arguments its schema rejects). */
function rejectedBeforeExecute(call: ScriptedCall): boolean {
  switch (call.tool) {
    case "submit":
      return call.accepted === undefined;
    case "lookup_evidence":
      return call.query.trim() === "";
    case "search_web":
      return true;
  }
}

/**
 * Predicts the fixed step() on `conversation`.
 *
 * The chapter's rules: a listener counts failed `submit` executions and aborts at
 * `maxAttempts`; it counts turns and aborts at `maxTurns` whether or not a value is
 * stored; `submit` keeps the first valid value and asks to terminate, which ends the run
 * only when every result in the batch does. Afterwards: a stored value is returned, else
 * `invalid-submissions` when the attempts are spent, then `turn-limit`, then `provider` when
 * the last response failed or was aborted, else `invalid-submissions` when any submit
 * failed, else `no-submit` (the book's order, its last branch included).
 *
 * How the core runs a batch (pi-agent-core's agent-loop): calls are prepared in order; a
 * call rejected before execute gets its error result at once, and the batch stops
 * preparing further calls if that result aborted the run; accepted calls then execute
 * together, and once the run is aborted each of them ends as an "Operation aborted"
 * error instead. A batch cut off by the output limit ("length") fails every call unrun.
 * After an abort no further request reaches the provider. A script that runs out is
 * answered by one more request that fails ("No more faux responses queued").
 */
export function predictStep(conversation: Conversation): ExpectedRun {
  const maxAttempts = conversation.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const maxTurns = conversation.maxTurns ?? DEFAULT_MAX_TURNS;

  let stored: SubmissionValue | undefined;
  let failedSubmits = 0;
  let turns = 0;
  let aborted = false;
  let turnLimitHit = false;
  let providerRequests = 0;
  let lastStop: StopReason = "stop";

  const failSubmit = (): void => {
    if (++failedSubmits >= maxAttempts) aborted = true;
  };

  for (let next = 0; !aborted; next++) {
    providerRequests++;
    const response = conversation.responses[next] ?? { kind: "failed" as const };
    let runContinues = false;
    switch (response.kind) {
      case "failed":
        lastStop = "error";
        break;
      case "aborted":
        lastStop = "aborted";
        break;
      case "prose":
        lastStop = "stop";
        break;
      case "calls": {
        lastStop = response.truncated ? "length" : "toolUse";
        if (response.truncated) {
          for (const call of response.calls) if (call.tool === "submit") failSubmit();
          runContinues = true;
          break;
        }
        const accepted: ScriptedCall[] = [];
        for (const call of response.calls) {
          if (rejectedBeforeExecute(call)) {
            if (call.tool === "submit") failSubmit();
            if (aborted) break;
          } else {
            accepted.push(call);
          }
        }
        if (aborted) {
          for (const call of accepted) if (call.tool === "submit") failSubmit();
        } else {
          for (const call of accepted) {
            if (call.tool === "submit" && stored === undefined) stored = call.accepted;
          }
        }
        const everyResultTerminates =
          !aborted && accepted.length === response.calls.length && accepted.every((call) => call.tool === "submit");
        runContinues = !everyResultTerminates;
        break;
      }
    }
    if (++turns >= maxTurns) {
      turnLimitHit = true;
      aborted = true;
    }
    if (!runContinues) break;
  }

  const expected = (outcome: ExpectedRun["outcome"]): ExpectedRun => ({ outcome, providerRequests, failedSubmits });
  if (stored !== undefined) return expected({ status: "value", value: stored });
  if (failedSubmits >= maxAttempts) return expected({ status: "failed", kind: "invalid-submissions" });
  if (turnLimitHit) return expected({ status: "failed", kind: "turn-limit" });
  if (lastStop === "error" || lastStop === "aborted") return expected({ status: "failed", kind: "provider" });
  if (failedSubmits > 0) return expected({ status: "failed", kind: "invalid-submissions" });
  return expected({ status: "failed", kind: "no-submit" });
}
