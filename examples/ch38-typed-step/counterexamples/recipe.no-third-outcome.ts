// recipe.no-third-outcome: step() has a third outcome besides a value and StepFailed: options
// it refuses (maxTurns 0) throw a RangeError before any request.
import { fauxAssistantMessage as reply, fauxToolCall as call, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step, type StepOptions } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });

function outcome(response: ReturnType<typeof reply>, options?: StepOptions) {
  const { models, model } = scriptedModels([response]);
  return settled(step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Verdict, options));
}

export const run = counterexample(import.meta.url, "recipe.no-third-outcome", async () => {
  const submitted = reply([call("submit", { verdict: "supported" })], { stopReason: "toolUse" });
  const value = await outcome(submitted);
  const noSubmit = await outcome(reply("The release shipped."));
  const zeroTurns = await outcome(submitted, { maxTurns: 0 });
  const twoOutcomes = (text: string) => text.startsWith("value") || text.startsWith("StepFailed");
  return {
    bookCase: {
      measured: `a submit: ${value}; prose only: ${noSubmit}`,
      bookIsRight: twoOutcomes(value) && twoOutcomes(noSubmit),
    },
    otherCase: { measured: `the same submit with maxTurns 0: ${zeroTurns}`, bookIsRight: twoOutcomes(zeroTurns) },
  };
});
// ANCHOR_END: cases
