import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { once } from "../../once.ts";

// Guide 37, "Tool execution: parallel by default": how many calls of one batch run at once.
const toolConcurrency = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch37-agent-core/tool-concurrency.ts"),
);

const concurrency = once(async () => {
  const { measureToolConcurrency } = await toolConcurrency();
  return {
    parallel: await measureToolConcurrency("default"),
    sequential: await measureToolConcurrency("one-sequential"),
  };
});

/** The claims of "Tool execution: parallel by default" that run code. */
export const toolExecutionChecks: Check[] = [
  {
    id: "ch37.tools.parallel-default",
    run: async () => {
      const { parallel } = await concurrency();
      return verdictOf(
        parallel.maxInFlight === 3,
        `3 ordinary tool calls in one batch: at most ${parallel.maxInFlight} in flight at once`,
      );
    },
  },
  {
    id: "ch37.tools.sequential-mode",
    run: async () => {
      const { parallel, sequential } = await concurrency();
      return verdictOf(
        sequential.maxInFlight === 1 && parallel.maxInFlight > 1,
        `3 calls, one tool executionMode "sequential": at most ${sequential.maxInFlight} in flight (without it: ${parallel.maxInFlight})`,
      );
    },
  },
];
