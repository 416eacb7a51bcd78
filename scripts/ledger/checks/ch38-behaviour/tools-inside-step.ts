import { compileLater } from "../../../toolchain/compile.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { installedPi } from "../../static/installed.ts";
import { facts, firstDiagnostic, requests } from "../evidence.ts";
import { compileAboutPi } from "../../../port/compile-ported.ts";

// Guide 38, "Tools inside a step": step() with extra tools, typed and bounded.
const researchStepBounds = listingsOf(import.meta.url)(
  () => import("../../../../examples/ch38-typed-step/demonstrations/research-step-bounds.ts"),
);

const RESEARCH_STEP = "examples/ch38-typed-step/research-step.ts";
compileLater([RESEARCH_STEP]);

/** The claims of "Tools inside a step" that run code. */
export const toolsInsideStepChecks: Check[] = [
  {
    id: "ch38.extra-tools.research-step",
    asksTypeChecker: true,
    async run() {
      const { dirs } = installedPi();
      // The claim is about what step() does with extra tools, not about research-step.ts's
      // import lines: where a port applies, it is type-checked as the port rewrites them.
      const { diagnostics, port } = compileAboutPi([RESEARCH_STEP], dirs);
      const { book, runs } = await (await researchStepBounds()).measureResearchStepBounds();
      const [withRoom, noRoom, lookupsOnly, failingLookups] = runs;
      const bounded =
        withRoom?.outcome.startsWith("{") === true &&
        noRoom?.outcome === "turn-limit" &&
        lookupsOnly?.outcome === "turn-limit" &&
        lookupsOnly.providerRequests === lookupsOnly.maxTurns &&
        failingLookups?.outcome === "turn-limit" &&
        failingLookups.failedSubmits === 0;
      return verdictOf(
        diagnostics.length === 0 &&
          JSON.stringify(book.value) === JSON.stringify({ verdict: "supported", citations: ["notes-1"] }) &&
          bounded,
        facts(
          `research-step.ts (extraTools: [lookupEvidence(corpus)]) compiles${port === undefined ? "" : ` through ${port.name}`} with ${diagnostics.length} diagnostics` +
            firstDiagnostic(diagnostics),
          `lookup then submit: ${JSON.stringify(book.value)} after ${requests(book.providerRequests)}`,
          ...runs.map(
            (r) =>
              `${r.name}: ${r.outcome} after ${requests(r.providerRequests)}, ${r.lookups} lookups, ${r.failedSubmits} attempts counted`,
          ),
        ),
      );
    },
  },
];
