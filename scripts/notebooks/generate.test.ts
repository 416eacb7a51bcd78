import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { problemOf } from "../chapters/chapter-problem.ts";
import { parseChapter, projectChapterParser } from "../chapters/markdown.ts";
import { CHAPTERS } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { PIN } from "../toolchain/pin.ts";
import { compileLater } from "../toolchain/compile.ts";
import { cellSources, chapterCells, committedVerdicts, generateNotebook, keepOutputs, outOfDateMessage } from "./generate.ts";
import { joinText, serialiseNotebook, type Cell, type CodeCell, type Notebook } from "../chapters/notebook-file.ts";

const md = projectChapterParser();
const FIXTURE = "scripts/chapters/fixtures/regions.ts";
const FIXTURE_REEXPORTS = "scripts/chapters/fixtures/reexports.ts";
const MUST_NOT_COMPILE = "scripts/chapters/fixtures/wrong-type.fails-to-compile.ts";
// Checked in the one program the chapters' listings share, as a chapter's own listings are.
compileLater([MUST_NOT_COMPILE]);

function cellsOf(source: string): Cell[] {
  const { tokens, env } = parseChapter(md, source, "chapters/test.md");
  return chapterCells(source, tokens, env);
}

/** The markdown cells of a committed notebook, joined. */
function readNotebookProse(file: string): string {
  const nb = JSON.parse(readFileSync(join(PROJECT_ROOT, file), "utf8")) as Notebook;
  return nb.cells.filter((c) => c.cell_type === "markdown").map((c) => joinText(c.source)).join("\n");
}

const shape = (cells: Cell[]) => cells.map((c) => [c.cell_type, joinText(c.source)]);

describe("committed notebooks are generated from their chapters", () => {
  for (const chapter of CHAPTERS) {
    test(`${chapter.notebook} is up to date with ${chapter.source} and the examples it includes`, () => {
      const stored = JSON.parse(readFileSync(join(PROJECT_ROOT, chapter.notebook), "utf8")) as Notebook;
      const fresh = generateNotebook(chapter, md);
      assert.deepEqual(
        cellSources(stored),
        cellSources(fresh),
        `${chapter.notebook} is out of date with ${chapter.source} or the examples it includes; run npm run notebooks:generate`,
      );
    });
  }
});

test("notebooks:generate --check: the line naming a notebook out of date fits 120 columns piped (it was one line of up to 168)", () => {
  for (const chapter of CHAPTERS) {
    const message = outOfDateMessage(chapter, 120);
    assert.ok(message.startsWith(`${chapter.notebook} is out of date with ${chapter.source}`), message);
    assert.match(message.replace(/\n +/g, " "), /; run npm run notebooks:generate$/);
    for (const line of message.split("\n")) assert.ok([...line].length <= 120, `${[...line].length} columns: ${line}`);
  }
});

describe("chapter to cells", () => {
  test("prose becomes markdown cells, one per heading, with claim ids and their badges, and pins written out", () => {
    const source = "# Title\n\nMeasured on {{pin}}.\n\n## Section\n\nRoles {{claim ch37.transcript.shape}}, order {{claim ch37.events.names}}.\n";
    const { tokens, env } = parseChapter(md, source, "chapters/test.md");
    assert.deepEqual(shape(chapterCells(source, tokens, env, { "ch37.transcript.shape": "qualified" })), [
      ["markdown", `# Title\n\nMeasured on ${PIN.core}.`],
      ["markdown", "## Section\n\nRoles [claim `ch37.transcript.shape`: **qualified**], order [claim `ch37.events.names`: **not yet verified**]."],
    ]);
  });

  test("an included top-level region becomes a code cell: its code, with the imports it needs", () => {
    assert.deepEqual(shape(cellsOf(`Before.\n\n{{#include ${FIXTURE}:inner}}\n\nAfter.\n`)), [
      ["markdown", "Before."],
      ["code", `// ${FIXTURE}, region "inner", as a cell runs it (imports added, export dropped)\nimport { GREETING } from "./${FIXTURE}";\n\nfunction greet(name: string): string {\n  return \`\${GREETING}, \${name}\`;\n}`],
      ["markdown", "After."],
    ]);
  });

  test("a whole file keeps its own imports, written from the project root, and re-exports become imports", () => {
    const [cell] = cellsOf(`{{#include ${FIXTURE_REEXPORTS}}}\n`);
    assert.equal(cell?.cell_type, "code");
    assert.equal(joinText(cell!.source), [
      `// ${FIXTURE_REEXPORTS}, as a cell runs it (imports added, export dropped)`,
      "// Fixture: a whole file with imports and re-exports, as the notebook generator meets them.",
      `import { greet } from "./scripts/chapters/fixtures/regions.ts";`,
      `import { GREETING, type Name } from "./scripts/chapters/fixtures/regions.ts";`,
      "",
      "const welcome = greet(GREETING);",
    ].join("\n"));
  });

  test("a ts run block becomes a code cell exactly as written", () => {
    const code = 'import { runResearch } from "./examples/ch37-agent-core/transcript-run.ts";\n\nconsole.log(await runResearch());';
    assert.deepEqual(shape(cellsOf("Run it:\n\n```ts run\n" + code + "\n```\n")), [["markdown", "Run it:"], ["code", code]]);
  });

  test("a listing that must not compile stays in the prose as a fenced block, never a code cell", () => {
    const cells = cellsOf(`Untyped:\n\n{{#include-fails ${MUST_NOT_COMPILE}}}\n\nSo type it.\n`);
    assert.deepEqual(cells.map((c) => c.cell_type), ["markdown"]);
    assert.match(joinText(cells[0]!.source), /Does not compile \(TS2322[^\n]*\n[^\n]*\n\n```ts\n[^`]*export const count: number = "three";\n```\n\nSo type it\.$/);
  });

  test("an excerpt is shown in the prose, and the run block after it is the code cell", () => {
    const cells = cellsOf(`## S\n\n{{#include ${FIXTURE}:inside-function}}\n\n\`\`\`ts run\nconsole.log(1);\n\`\`\`\n`);
    assert.deepEqual(cells.map((c) => c.cell_type), ["markdown", "code"]);
    assert.match(joinText(cells[0]!.source), /Excerpt \(inside a function\)[\s\S]*const loud = greet\(name\)/);
  });

  test("an excerpt with no run block in its section fails the build at the excerpt's line", () => {
    const problem = problemOf(() => cellsOf(`## S\n\n{{#include ${FIXTURE}:inside-function}}\n\n## Next\n\n\`\`\`ts run\nconsole.log(1);\n\`\`\`\n`));
    assert.equal(problem?.kind, "unrun-excerpt");
    assert.equal(problem?.line, 3);
  });
});

describe("outputs", () => {
  const stored: CodeCell = { cell_type: "code", metadata: {}, source: ["console.log(1);"], execution_count: 1, outputs: [{ output_type: "stream", name: "stdout", text: ["1\n"] }] };

  test("an unchanged cell keeps its stored outputs; a changed one starts empty", () => {
    const fresh = cellsOf("```ts run\nconsole.log(1);\n```\n\n```ts run\nconsole.log(2);\n```\n");
    const [kept, changed] = keepOutputs(fresh, [stored]) as CodeCell[];
    assert.deepEqual(kept?.outputs, stored.outputs);
    assert.deepEqual(changed?.outputs, []);
  });

  test("every claim badge in a committed notebook is the verdict in appendix/verdicts-at-pin.json; a changed verdict changes the badge on regeneration", () => {
    const verdicts = committedVerdicts();
    for (const chapter of CHAPTERS) {
      const prose = readNotebookProse(chapter.notebook);
      const badges = [...prose.matchAll(/\[claim `([^`]+)`: \*\*([^*]+)\*\*\]/g)];
      assert.ok(badges.length > 0, `${chapter.notebook} shows no claim badge`);
      assert.doesNotMatch(prose, /\[claim `[^`]+`\]/, `${chapter.notebook} has a claim id without a verdict`);
      for (const [, id, shown] of badges) assert.equal(shown, verdicts[id!], `${chapter.notebook}: ${id}`);
    }
    const chapter = CHAPTERS[0]!;
    const [[id, verdict]] = Object.entries(verdicts).filter(([id]) => readNotebookProse(chapter.notebook).includes(`\`${id}\``));
    const flipped = verdict === "fails" ? "holds" : "fails";
    const regenerated = cellSources(generateNotebook(chapter, md, { ...verdicts, [id!]: flipped })).join("\n");
    assert.ok(regenerated.includes(`[claim \`${id}\`: **${flipped}**]`));
  });

  test("generation is deterministic: the same chapter gives the same bytes", () => {
    const chapter = CHAPTERS[0]!;
    assert.equal(serialiseNotebook(generateNotebook(chapter, md)), serialiseNotebook(generateNotebook(chapter, md)));
  });
});
