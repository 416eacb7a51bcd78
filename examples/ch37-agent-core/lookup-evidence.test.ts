import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { validateToolArguments } from "@earendil-works/pi-ai";
import { lookupEvidence, NO_MATCHES, OMITTED_LINE, type EvidenceItem, type LookupDetails } from "./lookup-evidence.ts";

async function lookup(corpus: readonly EvidenceItem[], query: string): Promise<{ lines: string[]; details: LookupDetails }> {
  const result = await lookupEvidence(corpus).execute("unit", { query });
  const block = result.content[0];
  assert.ok(block?.type === "text", "the tool answers with one text block");
  return { lines: block.text.split("\n"), details: result.details };
}

/** A text with `before` characters, then MATCH, then `after` characters. */
const around = (before: number, after: number) => `${"b".repeat(before)}MATCH${"a".repeat(after)}`;

describe("lookupEvidence, row by row as the chapter describes it", () => {
  test("ch37.lookup.hit-path: the tool is lookup_evidence, labelled and described as the chapter says", () => {
    const tool = lookupEvidence([]);
    assert.equal(tool.name, "lookup_evidence");
    assert.equal(tool.label, "Look up evidence");
    assert.match(tool.description, /up to five short corpus matches for short keywords/);
  });

  test("ch37.lookup.hit-path: each hit is one line `[id] excerpt`; matching ignores case and surrounding spaces", async () => {
    const { lines } = await lookup([{ id: "n1", text: "Release 2.4 shipped." }], "  RELEASE  ");
    assert.deepEqual(lines, ["[n1] Release 2.4 shipped."]);
  });

  test("ch37.lookup.hit-path: details hold the query and the ids hit, in corpus order", async () => {
    const corpus = [
      { id: "a", text: "release" },
      { id: "b", text: "unrelated" },
      { id: "c", text: "pre-release" },
    ];
    const { details } = await lookup(corpus, "Release");
    assert.deepEqual(details, { query: "Release", ids: ["a", "c"] });
  });

  test("ch37.lookup.bounded: the excerpt starts 120 characters before the match, with an ellipsis in front", async () => {
    const { lines } = await lookup([{ id: "x", text: around(200, 10) }], "match");
    assert.equal(lines[0], `[x] …${"b".repeat(120)}MATCH${"a".repeat(10)}`);
  });

  test("ch37.lookup.bounded: a match near the start is not padded: the excerpt starts at 0, no front ellipsis", async () => {
    const { lines } = await lookup([{ id: "x", text: around(30, 10) }], "match");
    assert.equal(lines[0], `[x] ${around(30, 10)}`);
  });

  test("ch37.lookup.bounded: the excerpt is 500 characters long, with an ellipsis at the end when text remains", async () => {
    const text = around(200, 1000);
    const { lines } = await lookup([{ id: "x", text }], "match");
    assert.equal(lines[0], `[x] …${text.slice(80, 580)}…`);
  });

  test("ch37.lookup.bounded: a text that ends inside the window gets no end ellipsis", async () => {
    const text = around(200, 374); // 80 + 500 = 580 = text length exactly
    const { lines } = await lookup([{ id: "x", text }], "match");
    assert.equal(lines[0], `[x] …${text.slice(80)}`);
  });

  test("ch37.lookup.bounded: only the first five matches are shown, then `[Additional matches omitted]`", async () => {
    const corpus = ["1", "2", "3", "4", "5", "6", "7"].map((id) => ({ id, text: `release ${id}` }));
    const { lines, details } = await lookup(corpus, "release");
    assert.deepEqual(lines, ["[1] release 1", "[2] release 2", "[3] release 3", "[4] release 4", "[5] release 5", OMITTED_LINE]);
    assert.deepEqual(details.ids, ["1", "2", "3", "4", "5"]);
  });

  test("ch37.lookup.bounded: exactly five matches add no omitted line", async () => {
    const corpus = ["1", "2", "3", "4", "5"].map((id) => ({ id, text: `release ${id}` }));
    const { lines } = await lookup(corpus, "release");
    assert.equal(lines.length, 5);
    assert.ok(!lines.includes(OMITTED_LINE));
  });

  test("ch37.nomatch.ordinary-content: a miss is the text `no matches`, not an error", async () => {
    const result = await lookupEvidence([{ id: "a", text: "release" }]).execute("unit", { query: "dividend" });
    assert.deepEqual(result.content, [{ type: "text", text: NO_MATCHES }]);
    assert.notEqual(result.isError, true);
    assert.deepEqual(result.details, { query: "dividend", ids: [] });
  });

  test("ch37.tool.params-validated-before-execute: the schema rejects empty and whitespace-only queries", () => {
    const tool = lookupEvidence([]);
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
      [["", false], [" ", false], ["\t\n", false], ["release", true], [" a ", true]],
    );
  });
});

test("ch37.lookup.bounded: the scan stops one hit past the limit, so a query that hits everything costs no more on a larger corpus", async () => {
  const hits: EvidenceItem[] = Array.from({ length: 6 }, (_, i) => ({ id: `hit-${i}`, text: "release notes" }));
  // An entry past the sixth hit that cannot be read: reaching it means the tool scanned on.
  const unreadable = Object.defineProperty({ id: "unread" } as EvidenceItem, "text", {
    get() {
      throw new Error("read past the sixth hit");
    },
  });
  const { lines } = await lookup([...hits, unreadable], "release");
  assert.equal(lines.length, 6);
  assert.equal(lines.at(-1), OMITTED_LINE);
});
