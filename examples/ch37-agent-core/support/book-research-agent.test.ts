import assert from "node:assert/strict";
import { test } from "node:test";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence, makeResearchAgent, type Corpus } from "../research-agent.ts";
import {
  CONTEXT_BEFORE,
  EXCERPT_LENGTH,
  LOOKUP_DESCRIPTION,
  MAX_MATCHES,
  NO_MATCHES,
  OMITTED_LINE,
  RESEARCH_PROMPT,
} from "./book-research-agent.ts";

// Every statement of book-research-agent.ts, held to what the listing (research-agent.ts, or a
// reader's copy) does: the tests and demonstrations that compare against these constants are
// only as right as the constants.

async function lookupText(corpus: Corpus, query: string): Promise<string> {
  const block = (await lookupEvidence(corpus).execute("book-states", { query })).content[0];
  assert.ok(block?.type === "text", "the tool answers with one text block");
  return block.text;
}

/** A text whose every character says where it is: the excerpt's bounds can be read off it. */
const positional = (length: number) => Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + i)).join("");

/** The window of `text` an excerpt line shows (the line without its id and ellipses). */
function window(line: string, text: string): { start: number; end: number } {
  const body = line
    .replace(/^\[[^\]]*\] /, "")
    .replace(/^…/, "")
    .replace(/…$/, "");
  const start = text.indexOf(body);
  assert.ok(start >= 0, `the excerpt is a slice of the text: ${line.slice(0, 60)}…`);
  return { start, end: start + body.length };
}

test("ch37.lookup.bounded: CONTEXT_BEFORE is how many characters before the match the listing's excerpt starts", async () => {
  const text = `${positional(1000)}NEEDLE${positional(1000).slice(0, 50)}`;
  const { start } = window(await lookupText({ x: text }, "needle"), text);
  assert.equal(1000 - start, CONTEXT_BEFORE, "characters of context before the match");
});

test("ch37.lookup.bounded: EXCERPT_LENGTH is the length of the listing's excerpt of a long text", async () => {
  const text = `${positional(300)}NEEDLE${positional(3000).slice(300)}`;
  const { start, end } = window(await lookupText({ x: text }, "needle"), text);
  assert.equal(end - start, EXCERPT_LENGTH, "characters shown");
});

test("ch37.lookup.bounded: MAX_MATCHES lines are shown, then OMITTED_LINE, when more documents match", async () => {
  const corpus = Object.fromEntries(Array.from({ length: MAX_MATCHES + 2 }, (_, i) => [`d${i}`, "release"]));
  const lines = (await lookupText(corpus, "release")).split("\n");
  assert.equal(lines.length, MAX_MATCHES + 1);
  assert.equal(lines.at(-1), OMITTED_LINE);
  const exactly = Object.fromEntries(Array.from({ length: MAX_MATCHES }, (_, i) => [`d${i}`, "release"]));
  assert.deepEqual(
    (await lookupText(exactly, "release")).split("\n").map((line) => line.split("]")[0]),
    Array.from({ length: MAX_MATCHES }, (_, i) => `[d${i}`),
    "MAX_MATCHES matching documents are all shown, with no omitted line",
  );
});

test("ch37.nomatch.ordinary-content: NO_MATCHES is the listing's whole answer to a miss", async () => {
  assert.equal(await lookupText({ a: "release" }, "dividend"), NO_MATCHES);
});

test("ch37.lookup.hit-path: LOOKUP_DESCRIPTION is the listing's tool description", () => {
  assert.equal(lookupEvidence({}).description, LOOKUP_DESCRIPTION);
});

test("ch37.system-message-head: RESEARCH_PROMPT is the listing's system prompt", () => {
  const { models, model } = scriptedModels();
  assert.equal(makeResearchAgent(models, model, {}).state.systemPrompt, RESEARCH_PROMPT);
});
