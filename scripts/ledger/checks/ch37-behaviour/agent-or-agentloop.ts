import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";

// Guide 37, "Agent or agentLoop": whether the loop waits for the host's message_end handling.
const barrier = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch37-agent-core/message-end-barrier.ts"),
);

/** The claims of "Agent or agentLoop" that run code. */
export const agentOrAgentLoopChecks: Check[] = [
  {
    id: "ch37.agent.message_end-barrier",
    run: async () => {
      const run = await (await barrier()).measureAgentBarrier();
      return verdictOf(
        run.hostStateHadAssistantAtPreflight && run.handlerFinishedBeforePreflight,
        `Agent: beforeToolCall saw the assistant message in agent.state.messages ${run.hostStateHadAssistantAtPreflight}; order ${run.order.slice(0, 4).join(" → ")}`,
      );
    },
  },
  {
    id: "ch37.agentloop.observational",
    run: async () => {
      const run = await (await barrier()).measureAgentLoopObservation();
      return verdictOf(
        !run.handlerFinishedBeforeExecute,
        `agentLoop(): tool executed before the consumer's message_end handling finished ${!run.handlerFinishedBeforeExecute}; order ${run.order.slice(0, 4).join(" → ")}`,
      );
    },
  },
];
