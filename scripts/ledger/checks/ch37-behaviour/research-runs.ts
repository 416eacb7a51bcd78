import { listingsOf } from "../../load-listing.ts";
import { once } from "../../once.ts";

// The research agent's scripted runs, measured once and read by several sections' checks.
const transcriptRun = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch37-agent-core/transcript-run.ts"),
);

/** The research agent asked about "release": one lookup that hits, then an answer. */
export const research = once(async () => (await transcriptRun()).runResearch("release"));

/** The research agent asked about "dividend": a lookup that matches nothing. */
export const miss = once(async () => (await transcriptRun()).runResearch("dividend"));
