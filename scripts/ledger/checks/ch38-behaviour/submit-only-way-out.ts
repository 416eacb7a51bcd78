import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { facts } from "../evidence.ts";
import { conditions, rowRun, stepHarness } from "./step-runs.ts";

// Recipe, "How it works: submit is the only way out": validation, terminate and abort.
const listing = listingsOf(import.meta.url);

/** The claims of "How it works: submit is the only way out" that run code. */
export const submitOnlyWayOutChecks: Check[] = [
  counterexampleCheck(
    "ch38.validation.before-execute",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.validation.before-execute.ts")),
  ),
  {
    id: "ch38.terminate.all-batch",
    async run() {
      const h = await stepHarness();
      const alone = await rowRun("valid first submission");
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const lookupRan = mixed.run.toolEnds.some((end) => end.toolName === "lookup_evidence" && !end.isError);
      return verdictOf(
        alone.run.providerRequests === 1 && lookupRan && mixed.run.providerRequests > 1,
        facts(
          `submit alone: run ended after ${alone.run.providerRequests} request`,
          `submit + lookup_evidence in one batch: lookup executed ${lookupRan}, the loop went on to ${mixed.run.providerRequests} requests (${conditions(h, mixed.row)})`,
        ),
      );
    },
  },
  counterexampleCheck(
    "ch38.abort.from-listener",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.abort.from-listener.ts")),
  ),
];
