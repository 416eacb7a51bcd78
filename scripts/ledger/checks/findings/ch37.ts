import type * as ThrowingListener from "../../../../examples/ch37-agent-core/demonstrations/throwing-listener.ts";
import { qualified, verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";

// Chapter 37's findings: what the core does that the book does not say.
const listing = listingsOf(import.meta.url);
const presetSystemMessage = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/preset-system-message.ts"),
);
const toolDetails = listing(() => import("../../../../examples/ch37-agent-core/demonstrations/tool-details.ts"));
const throwingListener = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/throwing-listener.ts"),
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
  {
    id: "ch37.found.details-in-stream-context",
    async run() {
      const run = await (await toolDetails()).runToolDetails();
      const captured = run.payloads.filter((p) => p.captured);
      const carrying = captured.filter((p) => p.carriesDetails).map((p) => p.api);
      const leaving = captured.filter((p) => !p.carriesDetails).map((p) => p.api);
      const evidence = `details in the Context the stream function was given ${run.inStreamFnContext}; left out of the request body by ${leaving.join(", ") || "none"} (${leaving.length} of pi-ai's ${run.payloads.length} chat adapters)`;
      if (!(run.inStreamFnContext && leaving.length > 0)) return verdictOf(false, evidence);
      return carrying.length > 0
        ? qualified(evidence, `${carrying.join(", ")} sends the whole context, details included, as the request body`)
        : verdictOf(captured.length === run.payloads.length, evidence);
    },
  },
  {
    id: "ch37.found.throwing-listener-ends-run",
    async run() {
      const { runThrowingListener } = await throwingListener();
      const every = [await runThrowingListener("turn_end"), await runThrowingListener("agent_end")];
      const once = [await runThrowingListener("turn_end", "once"), await runThrowingListener("agent_end", "once")];
      const asStated = (r: ThrowingListener.ThrowingListenerRun) =>
        r.promptRejected !== undefined &&
        r.agentEndsSeenByLaterListener === 0 &&
        r.lastMessage.startsWith("assistant(error");
      const describe = (r: ThrowingListener.ThrowingListenerRun) =>
        `first listener throws at ${r.times === "every" ? "every" : "the first"} ${r.throwsAt}: prompt() ${r.promptRejected === undefined ? "resolved" : `rejected ("${r.promptRejected}")`}, ` +
        `${r.providerRequests} of 2 scripted requests made, the second listener saw ${r.agentEndsSeenByLaterListener} agent_end, transcript ends ${r.lastMessage}`;
      const evidence = facts(...every.map(describe));
      if (!every.every(asStated)) return verdictOf(false, evidence);
      const otherwise = once.filter((r) => !asStated(r));
      return otherwise.length > 0
        ? qualified(
            `${evidence}: the listener throws again at the events the core re-sends for the failure`,
            facts(...otherwise.map(describe)),
          )
        : verdictOf(true, facts(evidence, ...once.map(describe)));
    },
  },
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
