import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import type { FauxResponseStep } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../examples/support/scripted.ts";
import {
  INPUT,
  lookup,
  lookupTool,
  submit,
  SYSTEM,
  toolUse,
  Verdict,
} from "../../examples/ch38-typed-step/support/script.ts";
import { step } from "../../examples/ch38-typed-step/step.ts";
import { interleave, median, ratioQuartiles } from "./interleave.ts";
import { ms, ratio, type BenchSection } from "./section.ts";

// step() against a bare Agent.prompt() on the same scripted conversation: a lookup, then
// a valid submission. The bare agent gets the least it needs to run that script the same
// way (a submit tool that ends the run), so the difference is step()'s own machinery:
// the listener, the bounds, the classification, and building the submit tool.

/** The conversation both contenders run: two requests, one lookup, one valid submission. */
const conversation = (): FauxResponseStep[] => [toolUse(lookup("release")), toolUse(submit({ verdict: "supported" }))];

const bareSubmit: AgentTool<typeof Verdict> = {
  name: "submit",
  label: "Submit",
  description: "Submit the final answer.",
  parameters: Verdict,
  async execute() {
    return { content: [{ type: "text", text: "accepted" }], details: undefined, terminate: true };
  },
};

async function viaStep(): Promise<number> {
  const { faux, models, model } = scriptedModels(conversation());
  await step(models, model, SYSTEM, INPUT, Verdict, { extraTools: [lookupTool()] });
  return faux.state.callCount;
}

async function viaBareAgent(): Promise<number> {
  const { faux, models, model } = scriptedModels(conversation());
  const agent = new Agent({
    initialState: { systemPrompt: SYSTEM, model, tools: [bareSubmit, lookupTool()] },
    streamFn: models.streamSimple.bind(models),
  });
  await agent.prompt(INPUT);
  return faux.state.callCount;
}

/** Measures step()'s overhead over a bare Agent on one scripted conversation. */
export async function measureStepOverhead(
  repetitions: number,
  progress: (line: string) => void,
): Promise<BenchSection> {
  const title = "step() against a bare Agent.prompt()";
  // Both must serve the same two requests, or the comparison says nothing.
  const [stepCalls, bareCalls] = [await viaStep(), await viaBareAgent()];
  if (stepCalls !== 2 || bareCalls !== 2) {
    return {
      kind: "skipped",
      title,
      reason: `the contenders did not run the same conversation (step ${stepCalls} requests, bare Agent ${bareCalls})`,
    };
  }
  const perSample = 100;
  const times = (run: () => Promise<number>) => async () => {
    for (let i = 0; i < perSample; i++) await run();
  };
  for (let i = 0; i < 20; i++) await Promise.all([viaStep(), viaBareAgent()]); // warm the JIT for both
  const samples = await interleave(
    [
      { name: "step", run: times(viaStep) },
      { name: "bare", run: times(viaBareAgent) },
    ],
    repetitions,
    "cpu",
    (done) => progress(`step overhead: repetition ${done}/${repetitions}`),
  );
  const perConversation = (name: string) => median(samples[name]!) / perSample;
  const [lowQuartile, overhead, highQuartile] = ratioQuartiles(samples.step!, samples.bare!);
  const ofMedians = perConversation("step") / perConversation("bare");
  return {
    kind: "measured",
    title,
    method: `The same scripted conversation (a lookup, then a valid submission: 2 provider requests each, checked) run ${perSample} times per sample, ${repetitions} samples per contender, interleaved with the first place rotating; times are this process's CPU time (other processes on the shared machine stretch wall time, not CPU time); the ratio is the median of per-repetition ratios (each repetition times both contenders side by side), shown with their quartiles; the ratio of the two medians beside it comes from the columns to its left, and where the two ratios differ the spread says by how much a single repetition moves.`,
    tables: [
      {
        header: [
          "contender",
          "median CPU time per conversation",
          "ratio of the medians",
          "median per-repetition ratio (quartiles)",
        ],
        rows: [
          ["bare Agent.prompt()", ms(perConversation("bare")), ratio(1), ratio(1)],
          [
            "step()",
            ms(perConversation("step")),
            ratio(ofMedians),
            `${ratio(overhead)} (${ratio(lowQuartile)}–${ratio(highQuartile)})`,
          ],
        ],
      },
    ],
    findings: [
      `step() costs ${ratio(overhead)} the time of a bare Agent (median of ${repetitions} per-repetition ratios, half of them between ${ratio(lowQuartile)} and ${ratio(highQuartile)}; ` +
        `the medians of the two columns give ${ms(perConversation("step"))} / ${ms(perConversation("bare"))} = ${ratio(ofMedians)}) on the same two-request conversation under the faux provider ` +
        `(no network: this is the wrapper's CPU cost, not what a real model adds).`,
    ],
  };
}
