// This listing is meant NOT to compile, and a test checks that it fails with the code below.
// Without a type argument, AgentTool's parameters are TSchema and Static<TSchema> is unknown,
// so `execute` cannot narrow `params` by annotation; type the tool as
// AgentTool<typeof LookupParams> instead (see research-agent.ts).
// @errors: 2322
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { LookupParams } from "./support/book-research-agent.ts";

// ANCHOR: untyped-tool
export const untypedLookup: AgentTool = {
  name: "lookup_evidence",
  label: "Look up evidence",
  description: "Return up to five short corpus matches for short keywords.",
  parameters: LookupParams,
  async execute(_toolCallId, params: { query: string }) {
    return { content: [{ type: "text", text: params.query }], details: {} };
  },
};
// ANCHOR_END: untyped-tool
