import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, list } from "../evidence.ts";

// Guide 37, "What the host was doing for you": what the bare core does not do on its own.
const listing = listingsOf(import.meta.url);
const noAgentsMd = listing(() => import("../../../../examples/ch37-agent-core/demonstrations/no-agents-md.ts"));
const unregisteredTools = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/unregistered-tools.ts"),
);

/** The claims of "What the host was doing for you" that run code. */
export const hostChecks: Check[] = [
  {
    id: "ch37.no-agents-md",
    run: async () => {
      const run = await (await noAgentsMd()).runBesideAgentsMd();
      return verdictOf(
        run.requests > 0 && run.markersInRequests.length === 0 && run.markersInTranscript.length === 0,
        `cwd holding ${list(run.filesPresent)}: ${run.requests} request(s); their text found in requests: ${list(run.markersInRequests)}, in transcript: ${list(run.markersInTranscript)}`,
      );
    },
  },
  {
    id: "ch37.tools.unregistered-not-invocable",
    run: async () => {
      const run = await (await unregisteredTools()).runUnregisteredToolCalls();
      const answered = run.calls.every((c) => c.isError === true && c.modelSawError);
      const describe = (c: (typeof run.calls)[number]) =>
        `${c.tool} → ${c.isError ? "error result" : "no error"} "${c.text}"${c.modelSawError ? ", sent back to the model" : ""}`;
      return verdictOf(
        answered && run.filesCreated.length === 0 && run.registeredToolRan,
        facts(
          `research agent (only lookup_evidence registered), one batch calling bash, edit, write and lookup_evidence: ${facts(...run.calls.map(describe))}`,
          `files they asked to create: ${list(run.filesCreated)}`,
          `lookup_evidence in the same batch ran ${run.registeredToolRan}`,
          `run ended ${run.finalStopReason} after ${run.providerRequests} requests`,
        ),
      );
    },
  },
];
