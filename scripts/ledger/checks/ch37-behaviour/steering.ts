import type * as QueuesOnFailedEnd from "../../../../examples/ch37-agent-core/demonstrations/queues-on-failed-end.ts";
import type * as Steering from "../../../../examples/ch37-agent-core/steering.ts";
import { qualified, verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { once } from "../../once.ts";
import { facts, list, quoted } from "../evidence.ts";

// Guide 37, "Steering and follow-up": when each queue delivers, in each mode, and on a failed end.
const listing = listingsOf(import.meta.url);
const queuesOnFailedEnd = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/queues-on-failed-end.ts"),
);
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
  {
    id: "ch37.steer.after-current-turn",
    run: async () => {
      const run = await queueRun("steer", "all");
      const last = run.precededBy.at(-1);
      const bookCase = facts(
        `steered while the tool ran: tool finished first ${run.toolFinishedFirst}`,
        `delivered after ${neighbours(run)}`,
        `new steering per request ${run.newPerRequest.join(", ")}`,
      );
      if (!(
        run.toolFinishedFirst &&
        last?.role === "toolResult" &&
        run.newPerRequest[0] === 0 &&
        run.newPerRequest[1] === 2
      ))
        return verdictOf(false, bookCase);
      const { runSteerOnFailedEnd } = await queuesOnFailedEnd();
      const failed = [await runSteerOnFailedEnd("error"), await runSteerOnFailedEnd("aborted")];
      const late = failed.filter((r) => r.queuedAfterRun || !r.deliveredInRun);
      const describeFailed = (r: QueuesOnFailedEnd.FailedEndSteerRun) =>
        facts(
          `steered while a request ran that ended ${r.stopReason}: delivered in that run ${r.deliveredInRun}, still queued after it ${r.queuedAfterRun}`,
          `the next prompt's request carried the user messages ${quoted(r.nextRequestUserTexts, " → ")}`,
        );
      return late.length > 0
        ? qualified(
            facts(bookCase, "the current request ends normally (stop or toolUse)"),
            facts(...late.map(describeFailed)),
          )
        : verdictOf(true, facts(bookCase, ...failed.map(describeFailed)));
    },
  },
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
  {
    id: "ch37.queues.processed-before-agent_end",
    run: async () => {
      const runs = await queues();
      const ok = runs.every((r) => r.agentEnds === 1 && r.allDeliveredBeforeAgentEnd && !r.queuedAfterRun);
      const bookCase = facts(
        ...runs.map(
          (r) =>
            `${r.queue}/${r.mode}: agent_end ×${r.agentEnds}, all delivered before it ${r.allDeliveredBeforeAgentEnd}, left queued ${r.queuedAfterRun}`,
        ),
      );
      if (!ok) return verdictOf(false, bookCase);
      const { runQueueOnFailedEnd } = await queuesOnFailedEnd();
      const failed = [await runQueueOnFailedEnd("error"), await runQueueOnFailedEnd("aborted")];
      const leftQueued = failed.filter((r) => r.queuedAfterRun || !r.followUpDelivered);
      const describeFailed = (r: QueuesOnFailedEnd.FailedEndQueueRun) =>
        `follow-up queued during a lookup, next request ends ${r.stopReason}: agent_end ×${r.agentEnds}, delivered ${r.followUpDelivered}, left queued ${r.queuedAfterRun}`;
      return leftQueued.length > 0
        ? qualified(facts(bookCase, "the run ends with an ordinary stop"), facts(...leftQueued.map(describeFailed)))
        : verdictOf(true, facts(bookCase, ...failed.map(describeFailed)));
    },
  },
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
