import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { facts, list } from "../evidence.ts";
import { miss, research } from "./research-runs.ts";

// Guide 37, "Running the loop": the research agent's transcript, requests and system message.
const listing = listingsOf(import.meta.url);

/** The claims of "Running the loop" that run code. */
export const runningTheLoopChecks: Check[] = [
  {
    id: "ch37.transcript.shape",
    run: async () => {
      const { roles } = await research();
      return verdictOf(roles.join() === "user,assistant,toolResult,assistant", `non-system roles: ${list(roles)}`);
    },
  },
  {
    id: "ch37.callcount.two",
    run: async () => {
      const { providerCalls } = await research();
      return verdictOf(providerCalls === 2, `faux.state.callCount = ${providerCalls} for one lookup then an answer`);
    },
  },
  {
    id: "ch37.lookup.hit-path",
    run: async () => {
      const { toolResult, secondRequestRoles, secondRequestCarriesResult } = await research();
      const lines = toolResult?.text.split("\n") ?? [];
      const allTagged = lines.length > 0 && lines.every((line) => /^\[[^\]]+\] /.test(line));
      return verdictOf(
        toolResult !== undefined && !toolResult.isError && allTagged && secondRequestCarriesResult,
        facts(
          `toolResult isError ${toolResult?.isError}, ${lines.length} "[id] excerpt" lines (hits ${list(toolResult?.details?.hits ?? [])})`,
          `second request roles ${list(secondRequestRoles)}, carries the result ${secondRequestCarriesResult}`,
        ),
      );
    },
  },
  {
    id: "ch37.nomatch.ordinary-content",
    run: async () => {
      const { toolResult, secondRequestCarriesResult, finalAnswer } = await miss();
      return verdictOf(
        toolResult?.text === "no matches" &&
          !toolResult.isError &&
          secondRequestCarriesResult &&
          finalAnswer?.stopReason === "stop",
        facts(
          `query "dividend": text "${toolResult?.text}", isError ${toolResult?.isError}`,
          `the model was asked again with it ${secondRequestCarriesResult} and answered (${finalAnswer?.stopReason})`,
        ),
      );
    },
  },
  counterexampleCheck(
    "ch37.system-message-head",
    listing(() => import("../../../../examples/ch37-agent-core/counterexamples/ch37.system-message-head.ts")),
  ),
];
