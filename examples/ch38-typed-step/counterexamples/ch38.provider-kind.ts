// ch38.provider-kind: a request that fails on the last turn maxTurns allows is reported as
// "turn-limit", not "provider": the turn bound fires at that turn's end and is classified first.
import { fauxAssistantMessage as reply, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });

/** step() against a provider whose one request fails (HTTP 503), allowed `maxTurns` turns. */
function failedRequest(maxTurns?: number) {
  const { models, model } = scriptedModels([reply("", { stopReason: "error", errorMessage: "upstream 503" })]);
  return settled(step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Verdict, { maxTurns }));
}

export const run = counterexample(import.meta.url, "ch38.provider-kind", async () => {
  const defaultTurns = await failedRequest();
  const lastTurn = await failedRequest(1);
  return {
    bookCase: {
      measured: `a failed request, default maxTurns 10: ${defaultTurns}`,
      bookIsRight: defaultTurns.startsWith("StepFailed provider"),
    },
    otherCase: {
      measured: `the same failed request with maxTurns 1 (its last allowed turn): ${lastTurn}`,
      bookIsRight: lastTurn.startsWith("StepFailed provider"),
    },
  };
});
// ANCHOR_END: cases
