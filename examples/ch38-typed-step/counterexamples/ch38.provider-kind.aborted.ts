// ch38.provider-kind.aborted: a response aborted on the last turn maxTurns allows is reported as
// "turn-limit", not "provider", because the turn bound is classified first.
import { fauxAssistantMessage as reply, fauxToolCall as call, Type } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../../ch37-agent-core/research-agent.ts";
import { step } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });
const corpus = { "notes-1": "Release 2.4 shipped on Tuesday." };

export const run = counterexample(import.meta.url, "ch38.provider-kind.aborted", async () => {
  // One lookup, then a response the provider cancelled: the second turn ends "aborted".
  const conversation = () => [
    reply([call("lookup_evidence", { query: "release" })], { stopReason: "toolUse" }),
    reply("", { stopReason: "aborted", errorMessage: "request cancelled" }),
  ];
  const outcome = (maxTurns: number) => {
    const { models, model } = scriptedModels(conversation());
    const options = { maxTurns, extraTools: [lookupEvidence(corpus)] };
    return settled(step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Verdict, options));
  };
  const roomLeft = await outcome(3);
  const lastTurn = await outcome(2);
  return {
    bookCase: {
      measured: `aborted on turn 2 of maxTurns 3: ${roomLeft}`,
      bookIsRight: roomLeft.startsWith("StepFailed provider"),
    },
    otherCase: {
      measured: `aborted on turn 2 of maxTurns 2: ${lastTurn}`,
      bookIsRight: lastTurn.startsWith("StepFailed provider"),
    },
  };
});
// ANCHOR_END: cases
