import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Token } from "markdown-it";
import { problemOf } from "./chapter-problem.ts";
import { listingOf, type IncludedListing } from "./include-plugin.ts";
import { parseChapter, projectChapterParser } from "./markdown.ts";
import { compileLater } from "../toolchain/compile.ts";

const md = projectChapterParser();
// The listings that must not compile, type-checked in one program (one check of Pi's
// declarations for all four, not one each).
compileLater([
  "scripts/chapters/fixtures/wrong-type.fails-to-compile.ts",
  "scripts/chapters/fixtures/compiles.fails-to-compile.ts",
  "scripts/chapters/fixtures/other-error.fails-to-compile.ts",
  "examples/ch37-agent-core/untyped-params.fails-to-compile.ts",
]);
const FIXTURE = "scripts/chapters/fixtures/regions.ts";

function listings(source: string): IncludedListing[] {
  return parseChapter(md, source, "chapters/test.md")
    .tokens.map((t: Token) => listingOf(t))
    .filter((l): l is IncludedListing => l !== undefined);
}

/** The problem the chapter build stops with (undefined if it builds). */
const problemIn = (source: string) => problemOf(() => parseChapter(md, source, "chapters/test.md"));

describe("include directive", () => {
  test("a named region is included without its own ANCHOR lines or nested ones", () => {
    const [outer] = listings(`Text.\n\n{{#include ${FIXTURE}:outer}}\n`);
    assert.equal(
      outer?.code,
      'export const GREETING = "hello";\nexport function greet(name: string): string {\n  return `${GREETING}, ${name}`;\n}',
    );
    assert.equal(outer?.startLine, 7);
    assert.equal(outer?.endLine, 11);
  });

  test("a whole file is included with every ANCHOR line stripped", () => {
    const [whole] = listings(`{{#include ${FIXTURE}}}\n`);
    assert.ok(whole?.code.startsWith("// Fixture for the include plugin's tests"));
    assert.doesNotMatch(whole?.code ?? "", /ANCHOR/);
  });

  test("a region inside a function is dedented and marked as an excerpt", () => {
    const [inside] = listings(`{{#include ${FIXTURE}:inside-function}}\n`);
    assert.equal(inside?.code, "const loud = greet(name).toUpperCase();\nreturn `${loud}!`;");
    assert.deepEqual(inside?.runnable, { kind: "excerpt", reason: "inside a function" });
  });

  test("a top-level region runs on its own with the imports it needs, without export keywords", () => {
    const [inner] = listings(`{{#include ${FIXTURE}:inner}}\n`);
    assert.deepEqual(inner?.runnable, {
      kind: "standalone",
      imports: [`import { GREETING } from "./${FIXTURE}";`],
      code: inner?.code.replace(/^export /, ""),
    });
    assert.match(inner?.code ?? "", /^export function greet/);
  });

  test("a name its file declares as a value and as a type is imported as a value", () => {
    const [shapeOf] = listings(`{{#include ${FIXTURE}:value-and-type}}\n`);
    assert.equal(shapeOf?.runnable?.kind, "standalone");
    assert.deepEqual(shapeOf?.runnable?.kind === "standalone" && shapeOf.runnable.imports, [
      `import { Shape } from "./${FIXTURE}";`,
    ]);
  });

  test("a region that uses a name its file does not export is an excerpt", () => {
    const [salted] = listings(`{{#include ${FIXTURE}:uses-private}}\n`);
    assert.deepEqual(salted?.runnable, { kind: "excerpt", reason: "uses SALT, which its file does not export" });
  });

  test("a counterexample's region, which reads import.meta, is an excerpt: in a cell import.meta would be the cell's", () => {
    const file = "examples/ch38-typed-step/counterexamples/ch38.provider-kind.ts";
    const [cases] = listings(`{{#include ${file}:cases}}\n`);
    assert.match(cases?.code ?? "", /counterexample\(import\.meta\.url, "ch38\.provider-kind"/);
    assert.deepEqual(cases?.runnable, { kind: "excerpt", reason: "run as a file of its own: it reads import.meta" });
  });

  test("a missing file fails the build with the chapter file and line", () => {
    assert.deepEqual(problemIn("# Title\n\n{{#include examples/no-such-file.ts:tool}}\n"), {
      kind: "missing-file",
      chapter: "chapters/test.md",
      line: 3,
      message: "included file examples/no-such-file.ts does not exist",
    });
  });

  test("a missing region fails the build with the chapter file and line", () => {
    const problem = problemIn(`Intro.\n\nMore.\n{{#include ${FIXTURE}:no-such-region}}\n`);
    assert.equal(problem?.kind, "missing-region");
    assert.equal(problem?.line, 4);
  });

  test("a region without ANCHOR_END fails the build", () => {
    assert.equal(problemIn(`{{#include ${FIXTURE}:never-closed}}\n`)?.kind, "unterminated-region");
  });

  test("a directive that cannot be read fails the build, and so does the old include-fails with a code in the chapter", () => {
    assert.equal(problemIn(`{{#include TS2322 ${FIXTURE}}}\n`)?.kind, "bad-directive");
    assert.equal(
      problemIn("{{#include-fails TS2322 scripts/chapters/fixtures/wrong-type.fails-to-compile.ts}}\n")?.kind,
      "bad-directive",
    );
  });

  test("include-fails of a file without an @errors line fails the build: the expected error is written only there", () => {
    const problem = problemIn(`{{#include-fails ${FIXTURE}}}\n`);
    assert.equal(problem?.kind, "bad-directive");
    assert.match(problem?.message ?? "", /has no "\/\/ @errors: NNNN" line/);
  });
});

describe("include-fails directive: a listing that must not compile", () => {
  test("fails with exactly the error its @errors line declares: included, marked with that code", () => {
    const [listing] = listings("{{#include-fails scripts/chapters/fixtures/wrong-type.fails-to-compile.ts}}\n");
    assert.equal(listing?.expectedError, "TS2322");
    assert.equal(listing?.runnable, undefined);
  });

  test("negative control: a listing that compiles fails the build", () => {
    const problem = problemIn("Text.\n\n{{#include-fails scripts/chapters/fixtures/compiles.fails-to-compile.ts}}\n");
    assert.equal(problem?.kind, "compiles-unexpectedly");
    assert.equal(problem?.line, 3);
  });

  test("negative control: a listing failing with another error fails the build", () => {
    const problem = problemIn("{{#include-fails scripts/chapters/fixtures/other-error.fails-to-compile.ts}}\n");
    assert.equal(problem?.kind, "wrong-error");
    assert.match(problem?.message ?? "", /TS2304/);
  });

  test("ch37.types.untyped-params-unknown: the chapter's untyped listing fails with TS2322 only", () => {
    const [listing] = listings(
      "{{#include-fails examples/ch37-agent-core/untyped-params.fails-to-compile.ts:untyped-tool}}\n",
    );
    assert.equal(listing?.expectedError, "TS2322");
  });
});
