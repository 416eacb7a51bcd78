import type * as MaxTurnsSweep from "../../../../examples/ch38-typed-step/demonstrations/max-turns-sweep.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { facts } from "../evidence.ts";
import { rowEvidence, rowRun, stepHarness, tableCheck } from "./step-runs.ts";

// Guide 38: the turn bound, its request count, and the failures it meets on the last turn.
const listing = listingsOf(import.meta.url);
const maxTurnsSweep = listing(() => import("../../../../examples/ch38-typed-step/demonstrations/max-turns-sweep.ts"));

/** The claims about maxTurns: how many requests it allows, what it returns, and the provider kind beside it. */
export const turnBoundChecks: Check[] = [
  counterexampleCheck(
    "ch38.provider-kind",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts")),
  ),
  counterexampleCheck(
    "ch38.provider-kind.aborted",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/ch38.provider-kind.aborted.ts")),
  ),
  {
    id: "ch38.fixed.exactly-maxTurns-requests",
    async run() {
      const h = await stepHarness();
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const maxTurns = mixed.row.options?.maxTurns;
      const sweep = await (await maxTurnsSweep()).sweepMaxTurns();
      const exact = (r: MaxTurnsSweep.MaxTurnsRun) => r.value !== undefined && r.providerRequests === r.maxTurns;
      return verdictOf(
        mixed.run.outcome.status === "value" && mixed.run.providerRequests === maxTurns && sweep.every(exact),
        facts(
          `${rowEvidence(h, mixed)}: ${mixed.run.providerRequests} provider requests ${mixed.run.providerRequests === maxTurns ? "=" : "≠"} maxTurns ${maxTurns}`,
          `maxTurns ${sweep.map((r) => r.maxTurns).join(", ")}: ${sweep.map((r) => `${r.providerRequests}${r.value === undefined ? " (no value)" : ""}`).join(", ")} provider requests`,
          `a request here is one the provider served: the stream function was called ${sweep.map((r) => r.streamFnCalls).join(", ")} times, ` +
            `the extra call made after abort() and refused by pi-ai's Models before the provider (stop reason ${sweep[0]?.afterAbortStopReason})`,
        ),
      );
    },
  },
  {
    id: "ch38.turn-limit.returns-stored",
    async run() {
      const h = await stepHarness();
      const mixed = await rowRun("submit batched with a non-terminating tool");
      const scripted = mixed.row.script().length;
      const maxTurns = mixed.row.options?.maxTurns ?? h.DEFAULT_MAX_TURNS;
      const boundEnded = mixed.run.providerRequests === maxTurns && mixed.run.providerRequests < scripted;
      return verdictOf(
        mixed.agrees && mixed.run.outcome.status === "value" && boundEnded,
        facts(
          `maxTurns ${maxTurns}, ${scripted} scripted responses: ${mixed.run.providerRequests} requested, ${boundEnded ? "the turn bound ended the run" : "the turn bound did not end the run"}`,
          `outcome ${h.describeOutcome(mixed.run.outcome)}`,
        ),
      );
    },
  },
  tableCheck("ch38.fixed.bounds-never-submit"),
];
