import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { validateToolArguments } from "@earendil-works/pi-ai";
import { LOOKUP_DESCRIPTION, NO_MATCHES, OMITTED_LINE, type LookupDetails } from "./support/book-research-agent.ts";
import { lookupEvidence, type Corpus } from "./research-agent.ts";

async function lookup(corpus: Corpus, query: string): Promise<{ lines: string[]; details: LookupDetails }> {
  const result = await lookupEvidence(corpus).execute("unit", { query });
  const block = result.content[0];
  assert.ok(block?.type === "text", "the tool answers with one text block");
  return { lines: block.text.split("\n"), details: result.details };
}

/** A text with `before` characters, then MATCH, then `after` characters. */
const around = (before: number, after: number) => `${"b".repeat(before)}MATCH${"a".repeat(after)}`;

describe("lookupEvidence, row by row as the chapter describes it", () => {
  test("ch37.lookup.hit-path: the tool is lookup_evidence, labelled and described as the chapter says", () => {
    const tool = lookupEvidence({});
    assert.equal(tool.name, "lookup_evidence");
    assert.equal(tool.label, "Look up evidence");
    assert.equal(tool.description, LOOKUP_DESCRIPTION);
  });

  test("ch37.lookup.hit-path: each hit is one line `[id] excerpt`; matching ignores case and surrounding spaces", async () => {
    const { lines } = await lookup({ n1: "Release 2.4 shipped." }, "  RELEASE  ");
    assert.deepEqual(lines, ["[n1] Release 2.4 shipped."]);
  });

  test("ch37.lookup.hit-path: details hold the untrimmed query and the ids shown, in corpus order", async () => {
    const corpus = { a: "release", b: "unrelated", c: "pre-release" };
    const { details } = await lookup(corpus, " Release ");
    assert.deepEqual(details, { query: " Release ", hits: ["a", "c"] });
  });

  test("ch37.lookup.hit-path: the corpus is searched in Object.entries order: integer-like ids first, ascending", async () => {
    const { details } = await lookup({ b: "release", 10: "release", a: "release", 2: "release" }, "release");
    assert.deepEqual(details.hits, ["2", "10", "b", "a"]);
  });

  test("ch37.lookup.bounded: the excerpt starts 120 characters before the match, with an ellipsis in front", async () => {
    const { lines } = await lookup({ x: around(200, 10) }, "match");
    assert.equal(lines[0], `[x] …${"b".repeat(120)}MATCH${"a".repeat(10)}`);
  });

  test("ch37.lookup.bounded: a match near the start is not padded: the excerpt starts at 0, no front ellipsis", async () => {
    const { lines } = await lookup({ x: around(30, 10) }, "match");
    assert.equal(lines[0], `[x] ${around(30, 10)}`);
  });

  test("ch37.lookup.bounded: the excerpt is 500 characters long, with an ellipsis at the end when text remains", async () => {
    const text = around(200, 1000);
    const { lines } = await lookup({ x: text }, "match");
    assert.equal(lines[0], `[x] …${text.slice(80, 580)}…`);
  });

  test("ch37.lookup.bounded: a text that ends inside the window gets no end ellipsis", async () => {
    const text = around(200, 374); // 80 + 500 = 580 = text length exactly
    const { lines } = await lookup({ x: text }, "match");
    assert.equal(lines[0], `[x] …${text.slice(80)}`);
  });

  test("ch37.lookup.bounded: only the first five matches are shown, then `[Additional matches omitted]`", async () => {
    const corpus = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((id) => [id, `release ${id}`]));
    const { lines, details } = await lookup(corpus, "release");
    assert.deepEqual(lines, [
      "[1] release 1",
      "[2] release 2",
      "[3] release 3",
      "[4] release 4",
      "[5] release 5",
      OMITTED_LINE,
    ]);
    assert.deepEqual(details.hits, ["1", "2", "3", "4", "5"]);
  });

  test("ch37.lookup.bounded: exactly five matches add no omitted line", async () => {
    const corpus = Object.fromEntries(["1", "2", "3", "4", "5"].map((id) => [id, `release ${id}`]));
    const { lines } = await lookup(corpus, "release");
    assert.equal(lines.length, 5);
    assert.ok(!lines.includes(OMITTED_LINE));
  });

  test("ch37.nomatch.ordinary-content: a miss is the text `no matches`, not an error", async () => {
    const result = await lookupEvidence({ a: "release" }).execute("unit", { query: "dividend" });
    assert.deepEqual(
      result,
      { content: [{ type: "text", text: NO_MATCHES }], details: { query: "dividend", hits: [] } },
      "no isError, no terminate",
    );
  });

  test("ch37.tool.params-validated-before-execute: the parameters are one query string, minLength 1, pattern \\S, no description", () => {
    const schema = JSON.parse(JSON.stringify(lookupEvidence({}).parameters)) as unknown;
    assert.deepEqual(schema, {
      type: "object",
      properties: { query: { type: "string", minLength: 1, pattern: "\\S" } },
      required: ["query"],
    });
  });

  test("ch37.tool.params-validated-before-execute: the schema rejects empty and whitespace-only queries", () => {
    const tool = lookupEvidence({});
    const accepts = (query: string) => {
      try {
        validateToolArguments(tool, { type: "toolCall", id: "v", name: tool.name, arguments: { query } });
        return true;
      } catch {
        return false;
      }
    };
    assert.deepEqual(
      ["", " ", "\t\n", "release", " a "].map((q) => [q, accepts(q)]),
      [
        ["", false],
        [" ", false],
        ["\t\n", false],
        ["release", true],
        [" a ", true],
      ],
    );
  });
});
