import { releaseCorpus } from "../../ch37-agent-core/support/corpus.ts";
import { lookupEvidence } from "../../ch37-agent-core/research-agent.ts";
import { CLAIM, researchDemo } from "./step-demos.ts";
import { describeOutcome, failedSubmits, measureStep } from "../support/measure.ts";
import { CitedVerdict } from "../research-step.ts";
import { lookup, submit, times, toolUse } from "../support/script.ts";
import { step } from "../step.ts";

/** One bounded run of a research step: the options, what the model did, how it ended. */
export interface BoundedResearchRun {
  name: string;
  maxTurns: number;
  maxAttempts: number;
  outcome: string;
  providerRequests: number;
  lookups: number;
  failedSubmits: number;
}

async function bounded(
  name: string,
  script: Parameters<typeof measureStep>[1],
  maxTurns: number,
  maxAttempts: number,
): Promise<BoundedResearchRun> {
  const run = await measureStep(
    step,
    script,
    { maxTurns, maxAttempts, extraTools: [lookupEvidence(releaseCorpus)] },
    CitedVerdict,
    CLAIM,
  );
  return {
    name,
    maxTurns,
    maxAttempts,
    outcome: describeOutcome(run.outcome),
    providerRequests: run.providerRequests,
    lookups: run.toolEnds.filter((end) => end.toolName === "lookup_evidence").length,
    failedSubmits: failedSubmits(run),
  };
}

/**
 * The research step as the book runs it (lookup, then a cited verdict), and the same tools
 * against the bounds: lookups until maxTurns, failing lookups under maxAttempts 1, and a
 * lookup then submit with room for exactly two turns.
 */
export async function measureResearchStepBounds() {
  const book = await researchDemo();
  const cited = { verdict: "supported", citations: ["notes-1"] };
  const runs = [
    await bounded("lookup then submit, maxTurns 2", [toolUse(lookup("2.4 shipped")), toolUse(submit(cited))], 2, 3),
    await bounded("lookup then submit, maxTurns 1", [toolUse(lookup("2.4 shipped")), toolUse(submit(cited))], 1, 3),
    await bounded(
      "lookups only, maxTurns 3",
      times(6, () => toolUse(lookup())),
      3,
      3,
    ),
    await bounded(
      "empty-query lookups only, maxAttempts 1",
      times(6, () => toolUse(lookup(" "))),
      4,
      1,
    ),
  ];
  return { book, runs };
}
