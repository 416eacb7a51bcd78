import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import {
  fauxAssistantMessage,
  fauxToolCall,
  validateToolArguments,
  type ToolResultMessage,
} from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import {
  EXCERPT_LENGTH,
  LookupParams,
  MAX_MATCHES,
  NO_MATCHES,
  OMITTED_LINE,
  type LookupDetails,
} from "./support/book-research-agent.ts";
import { lookupEvidence, makeResearchAgent, type Corpus } from "./research-agent.ts";

// Hostile input to the lookup tool. Growth with corpus size is measured by
// `npm run bench` (scripts/bench), never timed here: the machine is shared and noisy.

const SEED = 37_0001;

async function lookup(corpus: Corpus, query: string): Promise<{ text: string; details: LookupDetails }> {
  const result = await lookupEvidence(corpus).execute("hostile", { query });
  const block = result.content[0];
  assert.ok(block?.type === "text");
  return { text: block.text, details: result.details as LookupDetails };
}

/** A corpus of texts under the ids e0, e1, …: not integer-like, so Object.entries keeps their order. */
const numbered = (texts: readonly string[]): Corpus => Object.fromEntries(texts.map((text, i) => [`e${i}`, text]));

/** The book's rule, stated once and independently: lower-cased text contains the lower-cased, trimmed query. */
function matchesByTheBook(text: string, query: string): boolean {
  return text.toLowerCase().includes(query.trim().toLowerCase());
}

/** The longest text the tool may return for a corpus whose longest id is `idLength`. */
function outputBound(idLength: number): number {
  const line = `[${"x".repeat(idLength)}] `.length + EXCERPT_LENGTH + 2 * "…".length;
  return MAX_MATCHES * line + MAX_MATCHES + OMITTED_LINE.length;
}

describe("lookup_evidence under hostile queries", () => {
  test("ch37.lookup.hit-path: regex metacharacters are matched literally, never as a pattern", async () => {
    const corpus = {
      literal: "the pattern .*(a|b)[0-9]+\\d{2}^$? appears here",
      "would-match-as-regex": "aaa 123 b 45",
    };
    for (const query of [".*", "(a|b)", "[0-9]+", "\\d{2}", "^$?", "(", "[", "\\"]) {
      const { details } = await lookup(corpus, query);
      assert.deepEqual(details.hits, ["literal"], `query ${JSON.stringify(query)}`);
    }
  });

  test("ch37.lookup.hit-path: any query over metacharacters hits exactly the entries the book's rule selects", async () => {
    const alphabet = fc.constantFrom(..."ab.*+?()[]{}|^$\\/-A B");
    const text = fc.string({ unit: alphabet, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { maxLength: 8 }),
        fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }),
        async (texts, query) => {
          fc.pre(query.trim() !== "");
          const { details } = await lookup(numbered(texts), query);
          const expected = Object.entries(numbered(texts))
            .filter(([, text]) => matchesByTheBook(text, query))
            .map(([id]) => id)
            .slice(0, MAX_MATCHES);
          assert.deepEqual(details.hits, expected);
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  test("ch37.lookup.hit-path: a text with İ, which lower-cases to two code units, is still found", async () => {
    // Where the book's excerpt window lands in such a text is a finding (ch37.found.case-mapped-excerpt).
    const text = "İ".repeat(300) + "NEEDLE" + " tail";
    assert.deepEqual((await lookup({ dotted: text }, "needle")).details.hits, ["dotted"]);
    assert.deepEqual((await lookup({ dotted: text }, "İ")).details.hits, ["dotted"]);
  });

  test("ch37.lookup.hit-path: lower-casing is not case folding (ß does not match SS; Σ lowers to final ς)", async () => {
    // The book's tool lower-cases; it does not fold. These rows pin that documented limit.
    assert.deepEqual((await lookup({ s: "STRASSE" }, "straße")).details.hits, []);
    assert.deepEqual((await lookup({ s: "Straße" }, "STRASSE")).details.hits, []);
    assert.deepEqual((await lookup({ g: "ΟΔΟΣ" }, "οδος")).details.hits, ["g"]);
    assert.deepEqual((await lookup({ g: "ΟΔΟΣ" }, "ΟΔΟΣ")).details.hits, ["g"]);
    assert.deepEqual((await lookup({ k: "5 \u212A" }, "k")).details.hits, ["k"]);
  });

  test("ch37.lookup.hit-path: whether Σ matches does not depend on an unrelated İ elsewhere in the text", async () => {
    // Found by this property (counterexample text "İ AΣ", query "Σ") in an earlier lookup that mapped matches back by hand.
    const alphabet = fc.constantFrom(..."ΣσςAa ");
    const plain = fc.string({ unit: alphabet, maxLength: 8 });
    // Half the texts carry an İ, the one character whose lower case is longer.
    const text = fc.oneof(
      plain,
      plain.map((t) => `İ ${t}`),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.string({ unit: alphabet, minLength: 1, maxLength: 3 }), async (text, query) => {
        fc.pre(query.trim() !== "");
        const { details } = await lookup({ u: text }, query);
        assert.equal(
          details.hits.length === 1,
          matchesByTheBook(text, query),
          `text ${JSON.stringify(text)} query ${JSON.stringify(query)}`,
        );
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  test("ch37.lookup.bounded: a 1 MB query is an ordinary miss, and a query equal to a whole document hits it", async () => {
    const megabyte = "q".repeat(1 << 20);
    assert.equal((await lookup({ short: "qqq" }, megabyte)).text, NO_MATCHES);
    const { text, details } = await lookup({ whole: megabyte }, megabyte.toUpperCase());
    assert.deepEqual(details.hits, ["whole"]);
    assert.ok(text.length <= outputBound("whole".length));
  });

  test("ch37.tool.params-validated-before-execute: the schema accepts a query exactly when it has a non-space character", () => {
    const tool = lookupEvidence({});
    const spaces = fc.constantFrom(
      " ",
      "\t",
      "\n",
      "\r",
      "\v",
      "\f",
      "\u00a0",
      "\u1680",
      "\u2003",
      "\u2028",
      "\u2029",
      "\u202f",
      "\u3000",
      "\ufeff",
    );
    const anyChar = fc.oneof(spaces, fc.string({ unit: "binary", minLength: 1, maxLength: 1 }));
    fc.assert(
      fc.property(fc.string({ unit: anyChar, maxLength: 6 }), (query) => {
        let accepted = true;
        try {
          validateToolArguments(tool, { type: "toolCall", id: "v", name: tool.name, arguments: { query } });
        } catch {
          accepted = false;
        }
        // The tool trims before searching: what the schema lets through must not trim to "".
        assert.equal(accepted, query.trim() !== "", JSON.stringify(query));
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  test("ch37.tool.params-validated-before-execute: whitespace-only queries from the model never reach execute", async () => {
    const blanks = ["", "   ", "\t\n", "\u00a0\u2003\u3000", "\ufeff"];
    const tool = lookupEvidence({ n1: "release notes" });
    const executed: string[] = [];
    const spied: AgentTool<typeof LookupParams, LookupDetails> = {
      ...tool,
      execute: (id, params, signal, onUpdate) => {
        executed.push(params.query);
        return tool.execute(id, params, signal, onUpdate);
      },
    };
    // One batch: every blank query plus one real query, which proves the spy sees calls.
    const { models, model, faux } = scriptedModels([
      fauxAssistantMessage(
        [...blanks, "release"].map((query) => fauxToolCall("lookup_evidence", { query })),
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage("done"),
    ]);
    const agent = new Agent({
      initialState: { systemPrompt: "test", model, tools: [spied] },
      streamFn: models.streamSimple.bind(models),
    });
    await agent.prompt("look it up");
    const results = agent.state.messages.filter((m): m is ToolResultMessage => m.role === "toolResult");
    assert.deepEqual(executed, ["release"]);
    assert.deepEqual(
      results.map((r) => r.isError),
      [...blanks.map(() => true), false],
    );
    assert.equal(faux.state.callCount, 2);
  });
});

describe("lookup_evidence over hostile corpora", () => {
  test("ch37.lookup.bounded: 100,000 matching entries give five lines and the omitted marker", async () => {
    const corpus = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`doc-${i}`, `entry ${i} mentions the release`]),
    );
    const { text, details } = await lookup(corpus, "RELEASE");
    const lines = text.split("\n");
    assert.equal(lines.length, MAX_MATCHES + 1);
    assert.equal(lines.at(-1), OMITTED_LINE);
    assert.deepEqual(details.hits, ["doc-0", "doc-1", "doc-2", "doc-3", "doc-4"]);
  });

  test("ch37.lookup.bounded: one 1 MB document gives one excerpt of at most 500 characters plus ellipses", async () => {
    const half = "lorem ipsum ".repeat(45_000);
    const text = half + "the release shipped" + half;
    assert.ok(text.length > 1_000_000);
    const { text: out } = await lookup({ big: text }, "release shipped");
    const excerpt = out.slice("[big] ".length);
    assert.equal(excerpt.length, EXCERPT_LENGTH + 2);
    assert.ok(excerpt.startsWith("…") && excerpt.endsWith("…"));
    assert.equal(excerpt.indexOf("release shipped"), 1 + 120);
  });

  test("ch37.nomatch.ordinary-content: empty corpus, empty texts and empty ids are ordinary answers", async () => {
    assert.equal((await lookup({}, "release")).text, NO_MATCHES);
    assert.equal((await lookup({ blank: "" }, "release")).text, NO_MATCHES);
    const { text, details } = await lookup({ "": "release", blank: "" }, "release");
    assert.equal(text, "[] release");
    assert.deepEqual(details.hits, [""]);
  });

  test("ch37.lookup.bounded: for any corpus and query the output stays under a bound fixed by the id length", async () => {
    // Texts are long and drawn from a tiny alphabet so that most queries hit many entries.
    const text = fc.string({ unit: fc.constantFrom("a", "b", " "), maxLength: 2_000 });
    const entry = fc.tuple(fc.string({ maxLength: 12 }), text);
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { maxLength: 30 }),
        fc.string({ unit: fc.constantFrom("a", "b", "A"), minLength: 1, maxLength: 3 }),
        async (entries, query) => {
          const { text: out, details } = await lookup(Object.fromEntries(entries), query);
          assert.ok(out.length <= outputBound(12), `output of ${out.length} characters`);
          assert.ok(out.split("\n").length <= MAX_MATCHES + 1);
          assert.ok(details.hits.length <= MAX_MATCHES);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe("the research agent over random lookup scripts", () => {
  type Step = { kind: "lookups"; queries: string[] } | { kind: "answer" } | { kind: "failed" };
  const hostileQuery = fc.oneof(
    fc.constantFrom("release", "RELEASE", "2.4", ".*", "(", "İ", "ΟΔΟΣ", "   ", "\t\n", "nothing-here"),
    fc.string({ maxLength: 5 }),
  );
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(hostileQuery, { minLength: 1, maxLength: 3 })
        .map((queries) => ({ kind: "lookups" as const, queries })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "answer" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "failed" as const }) },
  );

  test("ch37.transcript.shape, ch37.callcount.two, ch37.lookup.hit-path: one request per turn, one result per call, blank queries as errors", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 5 }), async (script) => {
        const { faux, models, model } = scriptedModels(
          script.map((step) =>
            step.kind === "lookups"
              ? fauxAssistantMessage(
                  step.queries.map((query) => fauxToolCall("lookup_evidence", { query })),
                  { stopReason: "toolUse" },
                )
              : step.kind === "answer"
                ? fauxAssistantMessage("It shipped.")
                : fauxAssistantMessage("", { stopReason: "error", errorMessage: "upstream 503" }),
          ),
        );
        const agent = makeResearchAgent(models, model, releaseCorpus);
        await agent.prompt("Did the release ship?");
        // The prediction: lookups keep the loop going; an answer or a failure ends it; a
        // script that runs out is answered by one more, failed, request.
        const roles = ["user"];
        const blank: boolean[] = [];
        let requests = 0;
        for (const step of [...script, { kind: "failed" as const }]) {
          requests++;
          roles.push("assistant");
          if (step.kind !== "lookups") break;
          for (const query of step.queries) {
            roles.push("toolResult");
            blank.push(query.trim() === "");
          }
        }
        const transcript = agent.state.messages.filter((m) => m.role !== "system");
        assert.equal(faux.state.callCount, requests);
        assert.deepEqual(
          transcript.map((m) => m.role),
          roles,
        );
        const results = transcript.filter((m): m is ToolResultMessage => m.role === "toolResult");
        assert.deepEqual(
          results.map((r) => r.isError),
          blank,
        );
        for (const result of results) {
          const block = result.content[0];
          assert.ok(block?.type === "text");
          if (!result.isError)
            assert.ok(block.text.length <= outputBound(12), `a result of ${block.text.length} characters`);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
