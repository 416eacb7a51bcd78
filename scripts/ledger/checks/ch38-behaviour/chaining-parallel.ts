import { isDeepStrictEqual } from "node:util";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";

// Guide 38, "Chaining and parallel steps": steps share no history and no state.
const demos = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch38-typed-step/demonstrations/step-demos.ts"),
);

/** The claims of "Chaining and parallel steps". */
export const chainingParallelChecks: Check[] = [
  {
    id: "ch38.parallel-steps",
    async run() {
      const run = await (await demos()).parallelDemo();
      const expected = [{ verdict: "supported" }, { verdict: "refuted" }];
      return verdictOf(
        isDeepStrictEqual(run.values, expected),
        facts(
          `two steps under Promise.all against one scripted provider: ${run.values.map((v) => JSON.stringify(v)).join(" and ")} for ${run.claims.length} different claims, ${run.providerRequests} requests`,
          "each kept its own result",
        ),
      );
    },
  },
  {
    id: "ch38.chaining.no-shared-history",
    async run() {
      const run = await (await demos()).chainingDemo();
      const onlyTheValue = run.secondStepUserText === JSON.stringify(run.triage);
      return verdictOf(
        isDeepStrictEqual(run.secondStepRoles, ["system", "user"]) && onlyTheValue && !run.reportReachedSecondStep,
        facts(
          `second step's first request: roles ${run.secondStepRoles.join(", ")}, user text ${onlyTheValue ? "exactly the serialised triage" : `"${run.secondStepUserText}"`}`,
          `the first step's report reached it: ${run.reportReachedSecondStep}`,
        ),
      );
    },
  },
];
