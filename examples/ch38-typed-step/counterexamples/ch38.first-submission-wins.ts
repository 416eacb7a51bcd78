// ch38.first-submission-wins: in one batch, a later invalid submit can spend the attempt budget
// and abort the run before the first, valid submission is stored, so it is lost.
import { fauxAssistantMessage as reply, fauxToolCall as call, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });
const submits = (...verdicts: string[]) =>
  reply(
    verdicts.map((verdict) => call("submit", { verdict })),
    { stopReason: "toolUse" },
  );

export const run = counterexample(import.meta.url, "ch38.first-submission-wins", async () => {
  const twice = scriptedModels([submits("supported"), submits("refuted")]);
  const inTurn = await settled(step(twice.models, twice.model, "Judge the claim.", "Claim: 2.4 shipped.", Verdict));
  // "probably" is not a literal of the schema: that submit fails, and maxAttempts 1 is spent.
  const batch = scriptedModels([submits("supported", "probably")]);
  const inBatch = await settled(
    step(batch.models, batch.model, "Judge the claim.", "Claim: 2.4 shipped.", Verdict, { maxAttempts: 1 }),
  );
  const firstWon = (text: string) => text === 'value {"verdict":"supported"}';
  return {
    bookCase: {
      measured: `"supported", then "refuted" in the next response: ${inTurn}`,
      bookIsRight: firstWon(inTurn),
    },
    otherCase: {
      measured: `maxAttempts 1, ["supported", "probably"] in one response: ${inBatch}`,
      bookIsRight: firstWon(inBatch),
    },
  };
});
// ANCHOR_END: cases
