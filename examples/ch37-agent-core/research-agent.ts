import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { Type, type Model, type Models } from "@earendil-works/pi-ai";

// Chapter 37's research agent with the book's API and behaviour, names and strings included:
// a reader can put the book's listing in place of this file and every test, notebook cell
// and ledger check still runs. Where the companion would do better, it says so in a finding
// (chapters/findings.tsv) and leaves this file as the book has it.

// ANCHOR: corpus
/** The documents the agent can search: an id to the document's text. */
export interface Corpus {
  [id: string]: string;
}
// ANCHOR_END: corpus

// ANCHOR: tool
const LookupParams = Type.Object({
  query: Type.String({ minLength: 1, pattern: "\\S" }),
});

/** The research agent's one tool: up to five short corpus matches for a query. */
export function lookupEvidence(corpus: Corpus): AgentTool<typeof LookupParams> {
  return {
    name: "lookup_evidence",
    label: "Look up evidence",
    description: "Return up to five short corpus matches. Use short keywords.",
    parameters: LookupParams,
    async execute(_toolCallId, params) {
      const q = params.query.trim().toLowerCase();
      const matches = Object.entries(corpus).filter(([, text]) => text.toLowerCase().includes(q));
      const shown = matches.slice(0, 5);
      const lines = shown.map(([id, text]) => {
        // The window is found in the lower-cased text and cut from the original.
        const start = Math.max(0, text.toLowerCase().indexOf(q) - 120);
        const end = start + 500;
        return `[${id}] ${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
      });
      if (matches.length > 5) lines.push("[Additional matches omitted]");
      // A miss is an ordinary answer the model can reason about, not a failure.
      return {
        content: [{ type: "text", text: lines.length > 0 ? lines.join("\n") : "no matches" }],
        details: { query: params.query, hits: shown.map(([id]) => id) },
      };
    },
  };
}
// ANCHOR_END: tool

// ANCHOR: agent
/** An Agent that researches a claim against `corpus` with its one read-only tool. */
export function makeResearchAgent(models: Models, model: Model<any>, corpus: Corpus): Agent {
  return new Agent({
    initialState: {
      systemPrompt: "Research the claim using lookup_evidence. Answer in one sentence.",
      model,
      tools: [lookupEvidence(corpus)],
    },
    // streamFn is a function, not an import: swapping it changes how requests travel.
    streamFn: models.streamSimple.bind(models),
  });
}
// ANCHOR_END: agent
