import type * as ListenerOrder from "../../../../examples/ch37-agent-core/listener-order.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, list } from "../evidence.ts";

// Guide 37, "Events": which events arrive, and how the core waits for its listeners.
const listing = listingsOf(import.meta.url);
const events = listing(() => import("../../../../examples/ch37-agent-core/events.ts"));
const listenerOrder = listing(() => import("../../../../examples/ch37-agent-core/listener-order.ts"));

const END_WORDS: Record<ListenerOrder.RunEnd, string> = {
  stop: "the model stops",
  error: "the request ends in error",
  aborted: "the request ends aborted",
  "listener-threw": "an earlier listener throws once at turn_end",
};

/** The claims of "Events" that run code. */
export const eventsChecks: Check[] = [
  {
    id: "ch37.events.runtime-names",
    run: async () => {
      const run = await (await events()).collectRuntimeEvents();
      return verdictOf(
        run.missing.length === 0 && run.extra.length === 0,
        facts(
          `delivered ${run.distinct.length} distinct types (${run.distinct.join(", ")})`,
          `missing ${list(run.missing)}`,
          `extra ${list(run.extra)}`,
        ),
      );
    },
  },
  {
    id: "ch37.listeners.awaited-in-order",
    run: async () => {
      const run = await (await listenerOrder()).measureListenerOrder();
      return verdictOf(
        run.events > 0 && run.overlaps === 0 && run.outOfOrder === 0,
        `${run.events} events, slow first listener: second started early ${run.overlaps} times, out of order ${run.outOfOrder} times`,
      );
    },
  },
  {
    id: "ch37.prompt.settles-after-agent_end-listeners",
    run: async () => {
      const { measurePromptSettlement } = await listenerOrder();
      const runs: [ListenerOrder.RunEnd, ListenerOrder.PromptSettlementRun][] = [];
      for (const end of ["stop", "error", "aborted", "listener-threw"] as const)
        runs.push([end, await measurePromptSettlement(end)]);
      const early = runs.filter(([, run]) => !(run.listenerEntered && !run.settledWhileListenerHeld));
      const describe = ([end, run]: (typeof runs)[number]) => `${END_WORDS[end]}: ${run.order.join(" → ")}`;
      return verdictOf(
        early.length === 0,
        facts(
          `a slow agent_end listener, held until released: ${facts(...runs.map(describe))}`,
          "a listener that throws at every agent_end keeps the later ones from being called at all (a delivery fact: ch37.found.throwing-listener-ends-run)",
        ),
      );
    },
  },
];
