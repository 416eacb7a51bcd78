// ch38.validation.before-execute: the core converts arguments to the schema before it
// validates them, so a submission malformed as sent can pass validation and reach execute().
import { fauxAssistantMessage as reply, fauxToolCall as call, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step } from "../step.ts";
// ANCHOR: cases
const Submission = Type.Object({
  verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]),
  serial: Type.Integer({ minimum: 1 }),
});

/** step() against one response that submits `args`, then a model that gives up in prose. */
function submitOnce(args: Parameters<typeof call>[1]) {
  const { models, model } = scriptedModels([
    reply([call("submit", args)], { stopReason: "toolUse" }),
    reply("I give up."),
  ]);
  return settled(
    step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Submission, { maxAttempts: 1 }),
  );
}

export const run = counterexample(import.meta.url, "ch38.validation.before-execute", async () => {
  const notALiteral = await submitOnce({ verdict: "probably", serial: 1 });
  // "2" is a string, not the integer the schema asks for: malformed as the model sent it.
  const numberAsText = await submitOnce({ verdict: "refuted", serial: "2" });
  const reachedExecute = (text: string) => text.startsWith("value");
  return {
    bookCase: {
      measured: `submit {"verdict":"probably","serial":1} (not one of the literals): ${notALiteral}`,
      bookIsRight: !reachedExecute(notALiteral),
    },
    otherCase: {
      measured: `submit {"verdict":"refuted","serial":"2"} (serial a string): ${numberAsText}, converted before validation and stored by execute()`,
      bookIsRight: !reachedExecute(numberAsText),
    },
  };
});
// ANCHOR_END: cases
