import type * as Steering from "../../../../examples/ch37-agent-core/steering.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { once } from "../../once.ts";
import { facts, list } from "../evidence.ts";

// Guide 37, "Steering and follow-up": when each queue delivers, in each mode, and on a failed end.
const listing = listingsOf(import.meta.url);
const steering = listing(() => import("../../../../examples/ch37-agent-core/steering.ts"));

type QueueRun = Steering.QueueRun;

const QUEUE_CASES = [
  ["steer", "all"],
  ["steer", "one-at-a-time"],
  ["followUp", "all"],
  ["followUp", "one-at-a-time"],
] as const;
const queues = once(async () => {
  const { runQueueScenario } = await steering();
  const runs: QueueRun[] = [];
  for (const [queue, mode] of QUEUE_CASES) runs.push(await runQueueScenario(queue, mode));
  return runs;
});
const queueRun = async (queue: Steering.QueueKind, mode: QueueRun["mode"]) =>
  (await queues()).find((run) => run.queue === queue && run.mode === mode)!;

const neighbours = (run: QueueRun) =>
  run.precededBy
    .map((n) => (n.role === "assistant" ? `assistant(${n.stopReason}${n.hasToolCalls ? ", tool calls" : ""})` : n.role))
    .join(" → ");

/** The claims of "Steering and follow-up" that run code. */
export const steeringChecks: Check[] = [
  counterexampleCheck(
    "ch37.steer.after-current-turn",
    listing(() => import("../../../../examples/ch37-agent-core/counterexamples/ch37.steer.after-current-turn.ts")),
  ),
  {
    id: "ch37.followup.only-when-stopping",
    run: async () => {
      const run = await queueRun("followUp", "all");
      const last = run.precededBy.at(-1);
      return verdictOf(
        run.newPerRequest[1] === 0 && last?.role === "assistant" && last.stopReason === "stop" && !last.hasToolCalls,
        facts(
          `queued while the tool ran: new follow-ups per request ${run.newPerRequest.join(", ")}`,
          `delivered after ${neighbours(run)}`,
        ),
      );
    },
  },
  counterexampleCheck(
    "ch37.queues.processed-before-agent_end",
    listing(
      () => import("../../../../examples/ch37-agent-core/counterexamples/ch37.queues.processed-before-agent_end.ts"),
    ),
  ),
  {
    id: "ch37.steer-followup.modes",
    run: async () => {
      const runs = await queues();
      const deliveries = (r: QueueRun) => r.newPerRequest.filter((n) => n > 0);
      const ok = runs.every((r) => deliveries(r).join() === (r.mode === "all" ? "2" : "1,1"));
      return verdictOf(ok, facts(...runs.map((r) => `${r.queue}/${r.mode}: deliveries of ${list(deliveries(r))}`)));
    },
  },
];
