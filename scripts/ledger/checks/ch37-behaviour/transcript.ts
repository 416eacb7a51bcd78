import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts, quoted } from "../evidence.ts";

// Guide 37, "The transcript belongs to the host": replacing agent.state.messages between runs.
const replaceMessages = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch37-agent-core/replace-messages.ts"),
);

/** The claims of "The transcript belongs to the host" that run code. */
export const transcriptChecks: Check[] = [
  {
    id: "ch37.state.messages-replace-idle",
    run: async () => {
      const run = await (await replaceMessages()).runReplaceWhileIdle();
      return verdictOf(
        run.idleAtReplacement && run.carriesRestored && !run.carriesDiscarded,
        facts(
          `assigned while idle ${run.idleAtReplacement}`,
          `next request's user texts: ${quoted(run.nextRequestUserTexts)}`,
          `discarded exchange still sent ${run.carriesDiscarded}`,
        ),
      );
    },
  },
];
