import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PIN, BOOK_PIN } from "../toolchain/pin.ts";
import { problemOf } from "./chapter-problem.ts";
import { parseChapter, projectChapterParser } from "./markdown.ts";

const md = projectChapterParser();

function inlineTokens(source: string) {
  return parseChapter(md, source, "chapters/test.md").tokens.flatMap((t) => t.children ?? []);
}

/** The problem the chapter build stops with (undefined if it builds). */
const problemIn = (source: string) => problemOf(() => parseChapter(md, source, "chapters/test.md"));

describe("claim markers", () => {
  test("a known id becomes a claim token citing it", () => {
    const claims = inlineTokens("The roles {{claim ch37.transcript.shape}} and calls {{claim ch37.callcount.two}}.\n")
      .filter((t) => t.type === "claim")
      .map((t) => t.content);
    assert.deepEqual(claims, ["ch37.transcript.shape", "ch37.callcount.two"]);
  });

  test("an unknown id fails the build at its line in a paragraph", () => {
    assert.deepEqual(
      problemIn("# Title\n\nFirst line {{claim ch37.transcript.shape}}\nsecond {{claim ch37.no-such-claim}}\n"),
      {
        kind: "unknown-claim",
        chapter: "chapters/test.md",
        line: 4,
        message: 'unknown claim id "ch37.no-such-claim" (not in chapters/claims.tsv or chapters/findings.tsv)',
      },
    );
  });

  test("an unknown id in a table row fails the build at that row", () => {
    const problem = problemIn("Intro.\n\n| a | b |\n|---|---|\n| x | y |\n| z {{claim nope}} | w |\n");
    assert.equal(problem?.kind, "unknown-claim");
    assert.equal(problem?.line, 6);
  });

  test("a marker inside a code span is code, not a claim", () => {
    assert.equal(
      inlineTokens("Write `{{claim any.id}}` in a chapter.\n").some((t) => t.type === "claim"),
      false,
    );
  });
});

describe("values and stray directives", () => {
  test("{{pin}} and {{book-pin}} insert the versions from pin.ts", () => {
    const text = inlineTokens("Measured {{pin}} (pi-ai {{pin.ai}}), the book names {{book-pin}}.\n")
      .map((t) => t.content)
      .join("");
    assert.equal(text, `Measured ${PIN.core} (pi-ai ${PIN.ai}), the book names ${BOOK_PIN}.`);
  });

  test("a misspelt directive fails the build instead of reaching the reader", () => {
    const problem = problemIn("Para.\n\nSee {{clam ch37.transcript.shape}}.\n");
    assert.equal(problem?.kind, "bad-directive");
    assert.equal(problem?.line, 3);
    assert.match(problem?.message ?? "", /\{\{clam ch37\.transcript\.shape\}\}/);
  });
});
