/**
 * Why a step produced no value. A coarse cause, not a retry policy: "provider" covers a
 * failed request and an aborted response alike.
 */
export type StepFailureKind = "provider" | "invalid-submissions" | "turn-limit" | "no-submit";

/** The run ended without a stored, schema-valid submission. */
export class StepFailed extends Error {
  readonly kind: StepFailureKind;

  constructor(kind: StepFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StepFailed";
    this.kind = kind;
  }
}
