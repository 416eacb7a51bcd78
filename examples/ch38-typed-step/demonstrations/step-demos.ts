import type { AssistantMessage, Context, Message } from "@earendil-works/pi-ai";
import { releaseCorpus } from "../../ch37-agent-core/support/corpus.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { NEXT_ACTION_SYSTEM, triageThenAct } from "../chaining.ts";
import { checkCitations } from "../citation-check.ts";
import { observedModels } from "../support/measure.ts";
import { judgeAll } from "../parallel.ts";
import { researchStep } from "../research-step.ts";
import { lookup, submit, toolUse } from "../support/script.ts";

// The rest of chapter 38, run against scripted models. main.ts prints these runs, the
// tests assert on them and the ledger judges from them.

export const REPORT = "The installer crashes on every machine since 2.4.";
export const CLAIM = "Claim: release 2.4 shipped.";
export const PARALLEL_CLAIMS = ["Claim: release 2.4 shipped.", "Claim: 2.4 included the new installer."] as const;

function textOf(message: Message | undefined): string {
  if (message === undefined || message.role === "assistant") return "";
  const content = message.content;
  if (typeof content === "string") return content;
  return content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

/** Triage, then the next action; and what the second step's first request contained. */
export async function chainingDemo() {
  const { models, model } = scriptedModels([
    toolUse(submit({ category: "bug", severity: "high" })),
    toolUse(submit({ action: "fix-now", reason: "A high-severity bug blocks every install." })),
  ]);
  const requests: Message[][] = [];
  const { triage, next } = await triageThenAct(
    observedModels(models, (c) => requests.push([...c.messages])),
    model,
    REPORT,
  );
  const secondStep = requests.filter((messages) => JSON.stringify(messages[0]).includes(NEXT_ACTION_SYSTEM));
  const first = secondStep[0] ?? [];
  return {
    triage,
    next,
    secondStepRoles: first.map((m) => m.role),
    secondStepUserText: textOf(first.find((m) => m.role === "user")),
    reportReachedSecondStep: secondStep.some((messages) => JSON.stringify(messages).includes(REPORT)),
  };
}

/** A scripted model that answers from the claim it was given, whichever step asks. */
function judgeFromClaim(context: Context): AssistantMessage {
  const claim = textOf(context.messages.findLast((m) => m.role === "user"));
  return toolUse(submit({ verdict: claim.includes("installer") ? "refuted" : "supported" }));
}

/** Two steps under Promise.all against one provider. */
export async function parallelDemo() {
  const { faux, models, model } = scriptedModels([judgeFromClaim, judgeFromClaim]);
  const values = await judgeAll(models, model, PARALLEL_CLAIMS);
  return { claims: PARALLEL_CLAIMS, values, providerRequests: faux.state.callCount };
}

/** A research step (lookup, then a cited verdict) and the citation check on its value. */
export async function researchDemo() {
  const { faux, models, model } = scriptedModels([
    toolUse(lookup("2.4 shipped")),
    toolUse(submit({ verdict: "supported", citations: ["notes-1"] })),
  ]);
  const value = await researchStep(models, model, releaseCorpus, CLAIM);
  return { value, problems: checkCitations(value.citations, releaseCorpus), providerRequests: faux.state.callCount };
}

/** The check's blind spot: a real evidence item, cited for a claim it says nothing about. */
export async function blindSpotDemo() {
  const { models, model } = scriptedModels([toolUse(submit({ verdict: "supported", citations: ["ticket-311"] }))]);
  const value = await researchStep(models, model, releaseCorpus, CLAIM);
  const cited = Object.entries(releaseCorpus).filter(([id]) => value.citations.includes(id));
  return { value, problems: checkCitations(value.citations, releaseCorpus), citedTexts: cited.map(([, text]) => text) };
}
