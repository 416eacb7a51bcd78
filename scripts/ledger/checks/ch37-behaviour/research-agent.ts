import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { facts } from "../evidence.ts";
import { diagnosticsEvidence, withListings } from "./listings-compiled.ts";

// Guide 37, "The research agent": the chapter's listing, its lookup tool and its imports.
const listing = listingsOf(import.meta.url);
const lookupBounds = listing(() => import("../../../../examples/ch37-agent-core/demonstrations/lookup-bounds.ts"));
const typeExport = listing(() => import("../../../../examples/ch37-agent-core/demonstrations/type-export.ts"));

/** The claims of "The research agent" that run code. */
export const researchAgentChecks: Check[] = [
  {
    id: "ch37.code.listing-compiles",
    asksTypeChecker: true,
    run: () =>
      withListings(({ researchAgent }) => {
        const all = researchAgent.diagnostics;
        return verdictOf(all.length === 0, `${researchAgent.file}: ${diagnosticsEvidence(all)}`);
      }),
  },
  {
    id: "ch37.lookup.bounded",
    run: async () => {
      const run = await (await lookupBounds()).measureLookupBounds();
      return verdictOf(
        run.hitLines === 5 && run.omittedLine && run.longestExcerpt <= 500 && run.contextBefore === 120,
        `${run.matching} matching texts: ${run.hitLines} shown, omitted line ${run.omittedLine}, longest excerpt ${run.longestExcerpt} chars, ${run.contextBefore} chars before the match`,
      );
    },
  },
  {
    id: "ch37.code.type-export",
    run: async () => {
      const run = (await typeExport()).inspectTypeExport();
      return verdictOf(
        run.typeofObjectBuilder === "function" && run.lookupParamsSchema.type === "object",
        facts(
          `typeof Type ${run.typeofType}, typeof Type.Object ${run.typeofObjectBuilder}`,
          `LookupParams = { type: ${run.lookupParamsSchema.type}, query: ${run.lookupParamsSchema.queryType} }`,
        ),
      );
    },
  },
];
