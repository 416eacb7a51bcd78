// recipe.maxattempts-counts-invalid-submissions: maxAttempts counts failed submit calls, so a
// schema-valid submit that the core fails spends the budget as an invalid one does.
import { fauxAssistantMessage as reply, fauxToolCall as call, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step, type StepOptions } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });
const submit = (verdict: string) => call("submit", { verdict });
const toolUse = { stopReason: "toolUse" } as const;

function outcome(responses: ReturnType<typeof reply>[], options: StepOptions = {}) {
  const { models, model } = scriptedModels(responses);
  return settled(step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Verdict, options));
}

export const run = counterexample(import.meta.url, "recipe.maxattempts-counts-invalid-submissions", async () => {
  const invalidThrice = await outcome([1, 2, 3].map(() => reply([submit("probably")], toolUse)));
  // Cut off at the length limit: the core fails the call without running it, valid as it is.
  const cutOff = await outcome([reply([submit("supported")], { stopReason: "length" })], { maxAttempts: 1 });
  // The invalid call's failure aborts the run before the valid call's execute stores its value.
  const batch = await outcome([reply([submit("supported"), submit("probably")], toolUse)], { maxAttempts: 1 });
  const spent = (text: string) => text.includes("invalid-submissions");
  return {
    bookCase: {
      measured: `three invalid submits, default maxAttempts 3: ${invalidThrice}`,
      bookIsRight: spent(invalidThrice),
    },
    otherCase: {
      measured:
        `maxAttempts 1, one valid submit in a response cut off at the length limit: ${cutOff}; ` +
        `maxAttempts 1, [valid, invalid] in one response: ${batch}`,
      bookIsRight: !spent(cutOff) && !spent(batch),
    },
  };
});
// ANCHOR_END: cases
