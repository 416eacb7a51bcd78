import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PIN } from "../toolchain/pin.ts";
import { APPENDIX_DIR, PROJECT_ROOT } from "../lib/paths.ts";
import { readAllClaims } from "../ledger/catalogue.ts";
import {
  staticNote,
  findingIds,
  flipsByClaim,
  readFixingSection,
  renderAppendixD,
  renderFixingSection,
  scoreFromRows,
  UNFLIPPED_REASONS,
  type AppendixD,
} from "./appendix-d-mutants.ts";
import { shippedSpecFiles } from "./shipped.ts";
import { isSpecProblem, readSpec } from "./spec.ts";

// Appendix D takes a run of every patch (most of an hour on a loaded machine), so npm test
// cannot regenerate it; it checks instead that the committed appendix was written by a run
// of the current patch set against the current catalogue, and that its Markdown is its JSON.
const jsonPath = join(APPENDIX_DIR, "D-mutants.json");

test(
  "appendix D: written by a full run of the shipped patches, at the pin, over today's behavioural claims",
  { skip: !existsSync(jsonPath) && "no appendix D yet" },
  () => {
    const d = JSON.parse(readFileSync(jsonPath, "utf8")) as AppendixD;
    assert.deepEqual(d.pin, PIN);
    const shipped = shippedSpecFiles().map((file) => {
      const spec = readSpec(file);
      assert.ok(!isSpecProblem(spec));
      return {
        name: file
          .split("/")
          .at(-1)!
          .replace(/\.json$/, ""),
        package: spec.package,
        file: spec.file,
        description: spec.description,
        declared: spec.flips,
      };
    });
    assert.deepEqual(
      d.patches.map(({ name, package: pkg, file, description, declared }) => ({
        name,
        package: pkg,
        file,
        description,
        declared,
      })),
      shipped,
      "appendix D's patches differ from scripts/mutants/patches/: run npm run mutants",
    );
    const every = readAllClaims().map((row) => row.claim.id);
    assert.deepEqual(
      [...Object.keys(d.behavioural), ...d.static].sort(),
      [...every].sort(),
      "the claims and findings changed since appendix D (each is behavioural or static there): run npm run mutants",
    );
    const scored = [...Object.keys(d.flippedBy), ...d.unflipped.map((u) => u.id)].sort();
    assert.deepEqual(scored, Object.keys(d.behavioural).sort(), "every behavioural id is flipped or listed unflipped");
    for (const u of d.unflipped) assert.equal(u.reason, UNFLIPPED_REASONS[u.id], u.id);
  },
);

test(
  "appendix D: its kill score, and which patches flip each claim, are what its patch rows say (book claims and findings)",
  { skip: !existsSync(jsonPath) && "no appendix D yet" },
  () => {
    const d = JSON.parse(readFileSync(jsonPath, "utf8")) as AppendixD;
    const behavioural = Object.keys(d.behavioural);
    assert.deepEqual(d.score, scoreFromRows(behavioural, d.patches, findingIds()), "the score disagrees with the rows");
    const { flippedBy, surplusBy } = flipsByClaim(behavioural, d.patches);
    assert.deepEqual(d.flippedBy, flippedBy);
    assert.deepEqual(d.surplusBy, surplusBy);
    assert.ok(
      d.score.some((row) => row.catalogue === "findings" && row.chapter === "all"),
      "the score counts the findings",
    );
  },
);

// The Markdown is rendered from the JSON and the fixing-patch files (npm run mutants -- --render):
// a change to either shows here without a new run.
test(
  'appendix D: its Markdown is its JSON rendered, with the section "Patches that make the book right" from scripts/mutants/fixing-patches/',
  { skip: !existsSync(jsonPath) && "no appendix D yet" },
  () => {
    const d = JSON.parse(readFileSync(jsonPath, "utf8")) as AppendixD;
    const markdown = readFileSync(join(APPENDIX_DIR, "D-mutants.md"), "utf8");
    const fixing = renderFixingSection(readFixingSection()).join("\n");
    assert.ok(
      markdown.includes(fixing),
      'appendix D\'s section "Patches that make the book right" differs from scripts/mutants/fixing-patches/: run npm run mutants -- --render',
    );
    assert.equal(
      markdown,
      renderAppendixD(d),
      "appendix/D-mutants.md is not its JSON rendered: run npm run mutants -- --render",
    );
  },
);

// scripts/README.md quotes the kill score; its figures are the appendix's score rows, so a new
// appendix D with an old sentence fails here rather than being read as today's.
test(
  "appendix D: scripts/README.md's kill-score sentence gives the appendix's figures (per chapter, in all, the findings, the patch count)",
  { skip: !existsSync(jsonPath) && "no appendix D yet" },
  () => {
    const d = JSON.parse(readFileSync(jsonPath, "utf8")) as AppendixD;
    const readme = readFileSync(join(PROJECT_ROOT, "scripts", "README.md"), "utf8").replace(/\s+/g, " ");
    const row = (catalogue: string, chapter: string) =>
      d.score.find((r) => r.catalogue === catalogue && r.chapter === chapter)!;
    const pct = (r: { flipped: number; behavioural: number }) => Math.round((100 * r.flipped) / r.behavioural);
    const of = (r: { flipped: number; behavioural: number }) => `${r.flipped} of ${r.behavioural}`;
    const [ch37, ch38, recipe, book, found] = [
      row("book", "ch37"),
      row("book", "ch38"),
      row("book", "recipe"),
      row("book", "all"),
      row("findings", "all"),
    ];
    const sentence =
      `(${of(ch37)} in chapter 37, ${of(ch38)} in chapter 38, ${of(recipe)} in the recipe: ${of(book)}, ${pct(book)} %) ` +
      `and, in rows of their own, for the companion's findings (${of(found)}, ${pct(found)} %); ${d.patches.length} patches.`;
    assert.ok(readme.includes(sentence), `scripts/README.md does not say: ${sentence}`);
  },
);

test("appendix D: the static claims' note names the extra patch of each static claim, says no run measured them, and lists the claims without one", () => {
  const note = staticNote(
    ["ch37.a", "ch37.b"],
    new Map([
      ["ch37.a", ["readme-a"]],
      ["ch37.other", ["x"]],
    ]),
  );
  assert.match(note, /1 of the 2 have such a patch in scripts\/mutants\/extra-patches\/.*: `ch37\.a` \(readme-a\)\./);
  assert.match(note, /this appendix measured none of them/);
  assert.match(note, /Without a patch: `ch37\.b`\.$/);
  assert.doesNotMatch(note, /ch37\.other/);
});
