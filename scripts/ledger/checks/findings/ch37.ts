import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { facts } from "../evidence.ts";

// Chapter 37's findings: what the core does that the book does not say.
const listing = listingsOf(import.meta.url);
const presetSystemMessage = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/preset-system-message.ts"),
);
const queuesOnFailedEnd = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/queues-on-failed-end.ts"),
);
const caseMappedExcerptDemo = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/case-mapped-excerpt-demo.ts"),
);

/** The companion's findings about chapter 37 (chapters/findings.tsv). */
export const ch37FindingChecks: Check[] = [
  {
    id: "ch37.found.preset-system-message-drops-prompt",
    async run() {
      const run = await (await presetSystemMessage()).runWithPresetSystemMessage();
      return verdictOf(
        run.headText !== "" && !run.promptRecorded && !run.promptInRequest,
        `initialState.messages starting with a system message: messages[0] "${run.headText}"; systemPrompt recorded in one of the ${run.systemMessages} system messages ${run.promptRecorded}, in the first request ${run.promptInRequest}`,
      );
    },
  },
  counterexampleCheck(
    "ch37.found.details-in-stream-context",
    listing(
      () => import("../../../../examples/ch37-agent-core/counterexamples/ch37.found.details-in-stream-context.ts"),
    ),
  ),
  counterexampleCheck(
    "ch37.found.throwing-listener-ends-run",
    listing(
      () => import("../../../../examples/ch37-agent-core/counterexamples/ch37.found.throwing-listener-ends-run.ts"),
    ),
  ),
  {
    id: "ch37.found.follow-up-left-queued-on-failed-end",
    async run() {
      const { runQueueOnFailedEnd } = await queuesOnFailedEnd();
      const runs = [await runQueueOnFailedEnd("error"), await runQueueOnFailedEnd("aborted")];
      return verdictOf(
        runs.every((r) => r.agentEnds === 1 && !r.followUpDelivered && r.queuedAfterRun),
        facts(
          ...runs.map(
            (r) =>
              `next request ${r.stopReason}: agent_end ×${r.agentEnds}, follow-up delivered ${r.followUpDelivered}, still queued ${r.queuedAfterRun}, ${r.providerRequests} requests`,
          ),
        ),
      );
    },
  },
  {
    id: "ch37.found.case-mapped-excerpt",
    async run() {
      const rows = await (await caseMappedExcerptDemo()).compareExcerpts();
      const bookFalls = rows.some((r) => !r.book.holdsMatch) && rows.some((r) => !r.book.wellFormed);
      const companionHolds = rows.every((r) => r.companion.holdsMatch && r.companion.wellFormed);
      return verdictOf(
        bookFalls && companionHolds,
        facts(
          ...rows.flatMap((r) => [
            `${r.name}, query "${r.query}": the book's excerpt holds the match ${r.book.holdsMatch}, well-formed ${r.book.wellFormed}`,
            `the companion's ${r.companion.holdsMatch}, ${r.companion.wellFormed}`,
          ]),
        ),
      );
    },
  },
];
