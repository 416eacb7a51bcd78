// ch38.repair.after-invalid: a rejected submit is an error tool result only where the adapter
// sends the flag; some of pi-ai's chat adapters (each one is tried) send it as a plain result.
import { fauxAssistantMessage as reply, fauxToolCall as call, Type, type Context } from "@earendil-works/pi-ai";
import { counterexample, settled } from "../../support/counterexample.ts";
import { sendsErrorFlag, splitAdapters } from "../../support/request-body.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { step } from "../step.ts";
// ANCHOR: cases
const Verdict = Type.Object({ verdict: Type.Union([Type.Literal("supported"), Type.Literal("refuted")]) });
const submit = (verdict: string) => reply([call("submit", { verdict })], { stopReason: "toolUse" });

export const run = counterexample(import.meta.url, "ch38.repair.after-invalid", async () => {
  let repair: Context | undefined; // what the request after the rejected submit was built from
  const { models, model } = scriptedModels([
    submit("probably"),
    (context) => ((repair = structuredClone(context)), submit("supported")),
  ]);
  const outcome = await settled(step(models, model, "Judge the claim.", "Claim: release 2.4 shipped.", Verdict));
  const rejected = repair!.messages.some((m) => m.role === "toolResult" && m.isError);
  const { yes: marking, no: alike, named } = await splitAdapters((api) => sendsErrorFlag(api, repair!));
  return {
    bookCase: {
      measured: `"probably", then "supported": ${outcome}; the rejection has isError ${rejected}, sent marked as an error by ${named(marking)}`,
      bookIsRight: outcome.startsWith("value") && rejected && marking.length > 0,
    },
    otherCase: {
      measured: `sent exactly as a successful result (the model has only its text) by ${named(alike)}`,
      bookIsRight: alike.length === 0,
    },
  };
});
// ANCHOR_END: cases
