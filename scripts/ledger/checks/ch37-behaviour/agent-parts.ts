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
      // "Request-time credentials": getApiKey is asked before each request, so a key that
      // changes between requests reaches each one. Two requests in one run and a third in the
      // next prompt, each key fresh: a Pi that asks once per run, or once per agent, reuses one.
      const run = await (await streamOptions()).captureStreamOptions();
      const keysSeen = run.requests.map((r) => r.apiKey);
      const eachFresh =
        run.requests.length >= 3 &&
        run.keysIssued.length === run.requests.length &&
        new Set(run.keysIssued).size === run.keysIssued.length &&
        keysSeen.every((key, i) => key === run.keysIssued[i]);
      return verdictOf(
        eachFresh && run.requests.every((r) => r.transport === run.transportSet),
        facts(
          `transport set ${run.transportSet}, streamFn saw ${list(run.requests.map((r) => r.transport ?? "none"))}`,
          `${run.requests.length} requests (two in one run: a tool call, then the answer; one in the next prompt)`,
          `getApiKey returned ${list(run.keysIssued)}; the requests carried ${list(keysSeen.map((k) => k ?? "no key"))}`,
        ),
      );
    },
  },
];
