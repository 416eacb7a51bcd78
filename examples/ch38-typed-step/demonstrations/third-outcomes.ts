import type { Models } from "@earendil-works/pi-ai";
import { measureStep, type StepOutcome } from "../support/measure.ts";
import { lookup, lookupTool, submit, toolUse } from "../support/script.ts";
import { step } from "../step.ts";

/** One way of calling step() and how it ended. */
export interface OutcomeCase {
  name: string;
  outcome: StepOutcome;
  /** "value", "StepFailed" or the name of whatever else was thrown. */
  ending: string;
  providerRequests: number;
}

/** A scripted lookup, then a valid submission: every case below asks for this much. */
const script = () => [toolUse(lookup()), toolUse(submit({ verdict: "supported" }))];

async function outcomeOf(name: string, run: Promise<Awaited<ReturnType<typeof measureStep>>>): Promise<OutcomeCase> {
  const { outcome, providerRequests } = await run;
  const ending = outcome.status === "value" ? "value" : outcome.status === "failed" ? "StepFailed" : outcome.errorName;
  return { name, outcome, ending, providerRequests };
}

/** A Models whose stream function throws before it returns a stream. */
function throwingModels(models: Models): Models {
  const broken: Models = Object.create(models);
  broken.streamSimple = () => {
    throw new Error("transport failed before streaming");
  };
  return broken;
}

/**
 * step() outside the recipe's table: maxTurns 0 (the table tries maxAttempts 0 and maxTurns
 * 2.5) and a stream function that throws. The recipe says a call ends in a value or
 * StepFailed; this measures what else it can end in.
 */
export async function measureOtherEndings(): Promise<OutcomeCase[]> {
  const extraTools = [lookupTool()];
  return [
    await outcomeOf("maxTurns 0", measureStep(step, script(), { maxTurns: 0, extraTools })),
    await outcomeOf(
      "a stream function that throws",
      measureStep(step, script(), { extraTools }, undefined, undefined, throwingModels),
    ),
  ];
}
