import { Value } from "typebox/value";
import { Submission } from "../../../examples/ch38-typed-step/support/script.ts";
import { failedSubmits, measureStep } from "../../../examples/ch38-typed-step/support/measure.ts";
import { submit, toolUse } from "../../../examples/ch38-typed-step/support/script.ts";
import { step } from "../../../examples/ch38-typed-step/step.ts";

/** What became of a submission the schema rejects as sent but the core can convert. */
export interface ArgumentConversionRun {
  sent: { verdict: string; serial: string };
  /** Whether the schema accepts the arguments exactly as the model sent them. */
  validAsSent: boolean;
  /** What step() returned, or undefined when it threw. */
  returned: unknown;
  failedSubmits: number;
}

/**
 * A numeral string where the schema asks for an integer: the core converts arguments
 * before validating them, so "validated before execute" means validated after conversion.
 */
export async function measureArgumentConversion(): Promise<ArgumentConversionRun> {
  const sent = { verdict: "refuted", serial: "2" };
  const run = await measureStep(step, [toolUse(submit(sent))], {}, Submission);
  return {
    sent,
    validAsSent: Value.Check(Submission, sent),
    returned: run.outcome.status === "value" ? run.outcome.value : undefined,
    failedSubmits: failedSubmits(run),
  };
}
