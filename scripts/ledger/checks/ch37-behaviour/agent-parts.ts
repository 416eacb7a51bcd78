import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, list } from "../evidence.ts";
import { diagnosticsEvidence, withListingsAboutPi } from "./listings-compiled.ts";
import { research } from "./research-runs.ts";

// Guide 37, "What an Agent is made of": the stream function and the options it is handed.
const listing = listingsOf(import.meta.url);
const countingStreamFn = listing(() => import("../../../../examples/ch37-agent-core/counting-stream-fn.ts"));
const streamOptions = listing(() => import("../../../../examples/ch37-agent-core/stream-options.ts"));

/** The claims of "What an Agent is made of" that run code. */
export const agentPartsChecks: Check[] = [
  {
    id: "ch37.types.streamfn-compiles",
    asksTypeChecker: true,
    run: () =>
      withListingsAboutPi(({ researchAgent: { file, diagnostics } }, through) =>
        verdictOf(
          diagnostics.length === 0,
          `${file}${through} (streamFn: models.streamSimple.bind(models), initialState { systemPrompt, model, tools }): ` +
            diagnosticsEvidence(diagnostics),
        ),
      ),
  },
  {
    id: "ch37.streamfn.models-streamSimple",
    run: async () => {
      const direct = await research();
      const swapped = await (await countingStreamFn()).runWithCountingStreamFn();
      return verdictOf(
        direct.providerCalls === 2 &&
          direct.finalAnswer?.stopReason === "stop" &&
          swapped.requestsSeenByWrapper === swapped.providerCalls,
        facts(
          `streamSimple.bind(models): ${direct.providerCalls} requests, final stopReason ${direct.finalAnswer?.stopReason}`,
          `counting wrapper swapped in saw ${swapped.requestsSeenByWrapper} of ${swapped.providerCalls} provider calls`,
        ),
      );
    },
  },
  {
    id: "ch37.options.transport-getApiKey",
    run: async () => {
      const run = await (await streamOptions()).captureStreamOptions();
      return verdictOf(
        run.transportSeen === run.transportSet &&
          run.getApiKeyAskedFor.length > 0 &&
          run.apiKeySeen === `key-for-${run.getApiKeyAskedFor[0]}`,
        facts(
          `transport set ${run.transportSet}, streamFn saw ${run.transportSeen}`,
          `getApiKey asked for ${list(run.getApiKeyAskedFor)}, streamFn saw apiKey ${run.apiKeySeen}`,
        ),
      );
    },
  },
];
