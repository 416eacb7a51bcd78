import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { PIN } from "../toolchain/pin.ts";
import { chapterOf, readFindings } from "../ledger/catalogue.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { measuredAt, type MeasuredAt } from "../lib/environment.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import { BEHAVIOURAL_RULE } from "./behavioural.ts";
import type { ClaimChange } from "./flips.ts";
import type { MutantsRun, PatchResult } from "./run-mutants.ts";
import { isSpecProblem, LISTINGS_PACKAGE, readSpec } from "./spec.ts";
import { extraSpecFiles } from "./shipped.ts";
import { markdownCell } from "../lib/markdown-table.ts";
import { readFixingPatches, readNoPatch, type FixingPatch, type NoPatch } from "./fixing-catalogue.ts";

/** Where appendix D lives: its Markdown is rendered from its JSON and the fixing-patch files. */
export const APPENDIX_D_JSON = join(APPENDIX_DIR, "D-mutants.json");
export const APPENDIX_D_MD = join(APPENDIX_DIR, "D-mutants.md");

/**
 * Why no shipped patch declares and flips a behavioural claim. The tests hold every
 * behavioural claim to either a declaring patch or a reason here. The five claims about the
 * listings themselves (the book's tool and step()), which no patch of Pi's dist/ reaches,
 * are declared by listing patches (package "pi-book-companion"); each qualified id judged by
 * its counterexample is declared by a patch (of Pi or of a listing) that breaks the book's own
 * case there, which lowers it to fails. The one left is not-checkable.
 */
export const UNFLIPPED_REASONS: Readonly<Record<string, string>> = {
  "ch38.tests.fourteen":
    "not-checkable at the pin: it counts the tests of the book's own step.test.ts, which no reader has; a patch can lower holds or qualified, never not-checkable",
};

export const FLIP_DEFINITION =
  "A claim flips under a patch when the ledger gives it a verdict both at the pin and against the patched copy, and the patched verdict " +
  "is lower on the scale holds > qualified > fails (holds → qualified, holds → fails, qualified → fails). A change to or from " +
  "not-checkable, a crash of the check, or a verdict that goes up is listed as another change, never counted as a flip. " +
  "The pin's verdicts come from the same invocation: the ledger run in a child against an unpatched copy of the pinned install.";

export const KILL_SCORE_DEFINITION =
  "Kill score: the behavioural claims that at least one patch flips while declaring it, over the behavioural claims, per chapter; " +
  "the book's claims and the companion's findings are counted in rows of their own, and both rows come from the patch rows printed below " +
  "(a test recomputes them from those rows). " +
  "Both kinds of patch count: a patch of Pi's dist/, and a listing patch (package pi-book-companion), which edits a copy of one of the " +
  "companion's two listings that the ledger then runs in place of ours (--listings), for the claims about the listings themselves. " +
  "A declared flip is a prediction about the behaviour the patch breaks; a flip nobody declared (surplus) is shown for review but not counted, " +
  "since a patch that stops the listings from loading (type-not-exported) fails every claim that loads one without any check's measurement running. " +
  "Every claim a patch declares is run against it, whatever else the run narrows: a declared claim left unmeasured fails the run. " +
  "The table also gives the claims flipped by any patch, surplus included. " +
  "A claim outside the score has not been shown able to say no to its own behaviour; each is listed with the reason.";

/**
 * What appendix D says under the static claims' list: which of them have a patch written among
 * the extra specs (read from scripts/mutants/extra-patches/ when the appendix is rendered, so the
 * sentence follows the files), none of which this run measured, and which have none.
 */
export function staticNote(staticIds: readonly string[], extraFlips: ReadonlyMap<string, readonly string[]>): string {
  const withPatch = staticIds.filter((id) => (extraFlips.get(id) ?? []).length > 0);
  const without = staticIds.filter((id) => !withPatch.includes(id));
  return [
    "Each of these checks reads a file of the install (README, package.json, the declarations, dist/ specifiers) or type-checks a listing " +
      "against the declarations, so a patch that flips one edits the text it reads, the way a release that changed that text would.",
    withPatch.length === 0
      ? "No patch declares a static claim yet."
      : `${withPatch.length} of the ${staticIds.length} have such a patch in scripts/mutants/extra-patches/ (run one with ` +
        "`npm run mutants -- --patch FILE`): " +
        withPatch.map((id) => `\`${id}\` (${extraFlips.get(id)!.join(", ")})`).join(", ") +
        ". The extra patches are not part of this run, so this appendix measured none of them, and the static claims stay outside the kill score.",
    without.length === 0 ? "" : `Without a patch: ${ids(without)}.`,
  ]
    .filter((line) => line !== "")
    .join(" ");
}

/** The static claims each extra spec declares, as claim id → the specs' names. */
export function extraStaticFlips(): Map<string, string[]> {
  const flips = new Map<string, string[]>();
  for (const file of extraSpecFiles()) {
    const spec = readSpec(file);
    if (isSpecProblem(spec)) throw new Error(spec.message);
    const name = basename(file, ".json");
    for (const id of spec.flips) flips.set(id, [...(flips.get(id) ?? []), name]);
  }
  return flips;
}

/** One row of the score: a chapter of the book's claims or of the findings, or all of one catalogue. */
export interface ScoreRow {
  catalogue: "book" | "findings";
  /** A chapter (ch37, ch38, recipe, …), or "all". */
  chapter: string;
  behavioural: number;
  /** Flipped by a patch that declares it: the kill score's numerator. */
  flipped: number;
  /** Flipped by any patch, surplus included. */
  flippedByAny: number;
}

/** One patch's row, as the appendix prints it. */
export interface PatchRow {
  name: string;
  source: string;
  package: string;
  file: string;
  description: string;
  declared: string[];
  flipped: ClaimChange[];
  surplus: string[];
  missing: string[];
  notRun: string[];
  otherChanges: ClaimChange[];
}

/** What appendix D's JSON holds. */
export interface AppendixD {
  pin: typeof PIN;
  /** Each patch ran only its declared claims: surplus flips were not measured. */
  declaredOnly: boolean;
  environment: MeasuredAt;
  definitions: { flip: string; behavioural: string; killScore: string };
  /** Each behavioural id (claims, then findings) and the modules running Pi that its check loaded at the pin. */
  behavioural: Record<string, string[]>;
  score: ScoreRow[];
  patches: PatchRow[];
  /** Behavioural claim → the patches that flip it and declare it. */
  flippedBy: Record<string, string[]>;
  /** Behavioural claim → the patches that flip it without declaring it. */
  surplusBy: Record<string, string[]>;
  unflipped: { id: string; reason: string; surplusBy: string[] }[];
  /** The book's claims and the findings whose check ran no Pi at the pin. */
  static: string[];
}

type Measured = Extract<PatchResult, { status: "measured" }>;

/** Which patches flip each behavioural id, declaring it or not: read from the patch rows. */
export function flipsByClaim(behavioural: readonly string[], patches: readonly PatchRow[]) {
  const flippedBy: Record<string, string[]> = {};
  const surplusBy: Record<string, string[]> = {};
  for (const id of behavioural) {
    const flipping = patches.filter((p) => p.flipped.some((c) => c.id === id));
    const declared = flipping.filter((p) => p.declared.includes(id)).map((p) => p.name);
    const surplus = flipping.filter((p) => !p.declared.includes(id)).map((p) => p.name);
    if (declared.length > 0) flippedBy[id] = declared;
    if (surplus.length > 0) surplusBy[id] = surplus;
  }
  return { flippedBy, surplusBy };
}

/** The score, computed from the patch rows alone: per chapter and in all, for the book's claims and for the findings. */
export function scoreFromRows(
  behavioural: readonly string[],
  patches: readonly PatchRow[],
  findings: ReadonlySet<string>,
): ScoreRow[] {
  const { flippedBy, surplusBy } = flipsByClaim(behavioural, patches);
  const row = (catalogue: ScoreRow["catalogue"], chapter: string, ids: readonly string[]): ScoreRow => ({
    catalogue,
    chapter,
    behavioural: ids.length,
    flipped: ids.filter((id) => id in flippedBy).length,
    flippedByAny: ids.filter((id) => id in flippedBy || id in surplusBy).length,
  });
  return (["book", "findings"] as const).flatMap((catalogue) => {
    const ids = behavioural.filter((id) => findings.has(id) === (catalogue === "findings"));
    const chapters = [...new Set(ids.map(chapterOf))];
    return [
      ...chapters.map((chapter) =>
        row(
          catalogue,
          chapter,
          ids.filter((id) => chapterOf(id) === chapter),
        ),
      ),
      row(catalogue, "all", ids),
    ];
  });
}

/** The ids of the companion's findings. */
export function findingIds(): Set<string> {
  return new Set(readFindings().map((finding) => finding.id));
}

/** Builds appendix D's content from a full run in which the pin and every patch were measured. */
export function appendixData(run: MutantsRun, environment: AppendixD["environment"]): AppendixD {
  if ("failure" in run.pin) throw new Error("appendix D needs the pin's verdicts");
  const ranPi = run.pin.ranPi;
  const behavioural = run.behavioural;
  const measured = run.results.filter((r): r is Measured => r.status === "measured");
  const patches: PatchRow[] = measured.map((r) => ({
    name: r.entry.name,
    source: r.entry.source,
    package: r.entry.spec.package,
    file: r.entry.spec.file,
    description: r.entry.spec.description,
    declared: r.entry.spec.flips,
    flipped: r.comparison.flipped,
    surplus: r.comparison.surplus,
    missing: r.comparison.missing,
    notRun: r.comparison.notRun,
    otherChanges: r.comparison.otherChanges,
  }));
  const { flippedBy, surplusBy } = flipsByClaim(behavioural, patches);
  return {
    pin: PIN,
    declaredOnly: run.declaredOnly === true,
    environment,
    definitions: { flip: FLIP_DEFINITION, behavioural: BEHAVIOURAL_RULE, killScore: KILL_SCORE_DEFINITION },
    behavioural: Object.fromEntries(behavioural.map((id) => [id, ranPi[id] ?? []])),
    score: scoreFromRows(behavioural, patches, findingIds()),
    patches,
    flippedBy,
    surplusBy,
    unflipped: behavioural
      .filter((id) => !(id in flippedBy))
      .map((id) => ({
        id,
        reason:
          UNFLIPPED_REASONS[id] ??
          "no reason recorded yet (UNFLIPPED_REASONS in scripts/mutants/appendix-d-mutants.ts)",
        surplusBy: surplusBy[id] ?? [],
      })),
    static: run.pin.claims.map((c) => c.id).filter((id) => !behavioural.includes(id)),
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${Math.round((100 * part) / whole)} %`);
const ids = (list: readonly string[]) => (list.length === 0 ? "-" : list.map((id) => `\`${id}\``).join(", "));

/** What the section "Patches that make the book right" is rendered from: the static files, not a run. */
export interface FixingSection {
  patches: FixingPatch[];
  noPatch: NoPatch[];
}

/** The fixing patches and the no-patch reasons as committed in scripts/mutants/fixing-patches/. */
export function readFixingSection(): FixingSection {
  return { patches: readFixingPatches(), noPatch: readNoPatch() };
}

const patchedFile = (p: { package: string; file: string }) =>
  p.package === LISTINGS_PACKAGE ? p.file : `${p.package.replace("@earendil-works/", "")}/${p.file}`;

/** The section "Patches that make the book right", from the fixing patch specs and no-patch.tsv. */
export function renderFixingSection(fixing: FixingSection): string[] {
  return [
    "## Patches that make the book right",
    "",
    "The other direction: for each id qualified at the pin, a patch (of Pi, or of a listing) that makes the book's sentence true " +
      "must lift its counterexample's verdict from qualified to holds, which shows the counterexample measures the thing it names. " +
      "`scripts/mutants/fixing-patches/fixing-patches.test.ts` applies each patch (a listing patch to a copy of the listing, a patch of Pi " +
      "to a copy of the pinned install that the counterexample's child resolves through the matrix's resolution hook) and checks both verdicts; " +
      "the same test holds every id qualified or failing at the pin to exactly one patch here or one reason below. " +
      "This section is rendered from the patch specs and `no-patch.tsv`, not from the run above.",
    "",
    "| patch | file | what it makes true | lifts (qualified → holds) |",
    "| --- | --- | --- | --- |",
    ...fixing.patches.map(
      ({ name, spec }) =>
        `| ${name} | \`${patchedFile(spec)}\` | ${markdownCell(spec.description)} | ${ids(spec.flips)} |`,
    ),
    "",
    "### Ids without a fixing patch",
    "",
    ...(fixing.noPatch.length === 0
      ? ["None: every id qualified or failing at the pin has a fixing patch above."]
      : [
          "| id | why there is no fixing patch |",
          "| --- | --- |",
          ...fixing.noPatch.map(({ id, why }) => `| \`${id}\` | ${markdownCell(why)} |`),
        ]),
    "",
  ];
}

/** Appendix D as Markdown: the run's content, then the fixing patches from the static files. */
export function renderAppendixD(d: AppendixD, fixing: FixingSection = readFixingSection()): string {
  const lines = [
    "# Appendix D: the ledger against a Pi broken one behaviour at a time",
    "",
    `Written by \`npm run mutants\` (a full run: every spec in \`scripts/mutants/patches/\`) on ${d.environment.date}, Node ${d.environment.node}, ` +
      `commit ${d.environment.commit}. Each patch is applied to a copy of the pinned install (pi-agent-core ${d.pin.core}, pi-ai ${d.pin.ai}, ` +
      `typebox ${d.pin.typebox}) and the whole ledger runs against it in a child process, through the release matrix's resolution hook` +
      (d.patches.some((p) => p.package === LISTINGS_PACKAGE)
        ? "; a listing patch (package `pi-book-companion`) edits a copy of our listing instead, which that child runs with `--listings`. Do not edit by hand."
        : ". Do not edit by hand."),
    ...(d.declaredOnly
      ? [
          "",
          "This run used `--declared-only`: each patch's child ran only the claims that patch declares (and the pin's child all of them), " +
            "so surplus flips were not measured and the 'flipped by any patch' column counts declared flips only. " +
            "A run without it measures every behavioural claim against every patch (about a minute per patch on an idle machine, several on a loaded one).",
        ]
      : []),
    "",
    "## Definitions",
    "",
    `- **Flip.** ${d.definitions.flip}`,
    `- **Behavioural.** ${d.definitions.behavioural}`,
    `- **${d.definitions.killScore.split(":")[0]}.**${d.definitions.killScore.slice(d.definitions.killScore.indexOf(":") + 1)}`,
    "",
    "## Kill score",
    "",
    "| catalogue | chapter | behavioural | flipped by a patch that declares it | kill score | flipped by any patch (surplus included) |",
    "| --- | --- | ---: | ---: | ---: | ---: |",
    ...d.score.map(
      (s) =>
        `| ${s.catalogue === "book" ? "the book's claims" : "the companion's findings"} | ${s.chapter} | ${s.behavioural} | ${s.flipped} | ${percent(s.flipped, s.behavioural)} | ${s.flippedByAny} |`,
    ),
    "",
    "## Patches",
    "",
    "| patch | file | what it breaks | declared flips | flipped (pin → patched) | declared, not flipped or not run | surplus (for review) | other changes |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...d.patches.map(
      (p) =>
        `| ${p.name} | \`${patchedFile(p)}\` | ${markdownCell(p.description)} | ${ids(p.declared)} | ` +
        `${p.flipped.length === 0 ? "-" : p.flipped.map((c) => `\`${c.id}\` (${c.pin} → ${c.patched})`).join(", ")} | ` +
        `${ids([...p.missing, ...p.notRun.map((id) => `${id} (not run)`)])} | ${ids(p.surplus)} | ` +
        `${p.otherChanges.length === 0 ? "-" : p.otherChanges.map((c) => `\`${c.id}\` (${c.pin} → ${c.patched})`).join(", ")} |`,
    ),
    "",
    "## Which patches flip each behavioural claim",
    "",
    "| claim | flipped by (declared) | also flipped by (surplus) |",
    "| --- | --- | --- |",
    ...Object.entries(d.flippedBy).map(
      ([id, by]) => `| \`${id}\` | ${by.join(", ")} | ${(d.surplusBy[id] ?? []).join(", ") || "-"} |`,
    ),
    "",
    "## Behavioural claims outside the kill score",
    "",
    d.unflipped.length === 0 ? "None." : "| claim | why no patch declares and flips it | flipped only as surplus by |",
    ...(d.unflipped.length === 0
      ? []
      : [
          "| --- | --- | --- |",
          ...d.unflipped.map((u) => `| \`${u.id}\` | ${markdownCell(u.reason)} | ${u.surplusBy.join(", ") || "-"} |`),
        ]),
    "",
    "## Behavioural claims and findings: what each check ran",
    "",
    "| id | modules running Pi that its check loaded at the pin |",
    "| --- | --- |",
    ...Object.entries(d.behavioural).map(
      ([id, modules]) => `| \`${id}\` | ${modules.map((m) => `\`${m}\``).join(", ")} |`,
    ),
    "",
    "## Static claims and findings (outside the score)",
    "",
    `Their checks loaded no module that runs Pi (the rule above): ${ids(d.static)}.`,
    "",
    staticNote(d.static, extraStaticFlips()),
    "",
    ...renderFixingSection(fixing),
  ];
  return lines.join("\n");
}

/** Writes appendix D (Markdown and JSON) from a full run, both or neither. */
export function writeAppendixD(run: MutantsRun): void {
  const data = appendixData(run, measuredAt());
  writeFilesAtomically({
    [APPENDIX_D_MD]: renderAppendixD(data),
    [APPENDIX_D_JSON]: JSON.stringify(data, null, 2) + "\n",
  });
}

/**
 * Rewrites appendix/D-mutants.md from the committed D-mutants.json and today's fixing-patch files,
 * without a run (npm run mutants -- --render): for a change to the fixing patches or the layout.
 */
export function rerenderAppendixD(): void {
  const d = JSON.parse(readFileSync(APPENDIX_D_JSON, "utf8")) as AppendixD;
  writeFilesAtomically({ [APPENDIX_D_MD]: renderAppendixD(d) });
}
