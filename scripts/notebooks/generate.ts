import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Token } from "markdown-it";
import { fitLines, outputWidth } from "../../examples/support/output-width.ts";
import { commandLine } from "../lib/cli.ts";
import { CLAIM_MARKERS } from "../chapters/claim-plugin.ts";
import { ChapterBuildError, fail, type ChapterEnv } from "../chapters/errors.ts";
import { listingOf, type IncludedListing } from "../chapters/include-plugin.ts";
import { parseChapter, projectChapterParser } from "../chapters/markdown.ts";
import { CHAPTERS, type Chapter } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { Standalone } from "../chapters/standalone-listing.ts";
import { insertValues } from "../chapters/value-plugin.ts";
import { readPinVerdicts } from "../ledger/verdicts-at-pin.ts";
import { NOT_YET_VERIFIED } from "../ledger/legend.ts";
import { KERNEL_NAME, LANGUAGE_INFO, resolvedKernelSpec } from "./kernelspec.ts";
import { joinText, serialiseNotebook, splitLines, writeNotebookAtomically, type Cell, type CodeCell, type Notebook } from "../chapters/notebook-file.ts";

/** Each claim id's verdict at the pin, as the ledger committed it. */
export type ClaimVerdicts = Readonly<Record<string, string>>;

/** The verdicts in appendix/verdicts-at-pin.json (none when the ledger has not written it yet). */
export function committedVerdicts(): ClaimVerdicts {
  return readPinVerdicts()?.verdicts ?? {};
}

/**
 * How a claim marker reads in a notebook: the id and its badge, the verdict at the pin
 * from appendix/verdicts-at-pin.json. The drift check regenerates with the committed
 * file, so a changed verdict needs only `npm run notebooks:generate`.
 */
const claimInNotebook = (id: string, verdicts: ClaimVerdicts): string => `[claim \`${id}\`: **${verdicts[id] ?? NOT_YET_VERIFIED}**]`;

/** Prose as a notebook shows it: claim markers as ids with their verdicts, pins as their values. */
function notebookProse(text: string, verdicts: ClaimVerdicts): string {
  return insertValues(text.replace(CLAIM_MARKERS, (_whole, id: string) => claimInNotebook(id, verdicts)));
}

function markdownCell(text: string): Cell {
  return { cell_type: "markdown", metadata: {}, source: splitLines(text) };
}

function codeCell(text: string): CodeCell {
  return { cell_type: "code", metadata: {}, source: splitLines(text), outputs: [], execution_count: null };
}

function describe(listing: IncludedListing): string {
  return listing.region === undefined ? listing.file : `${listing.file}, region "${listing.region}"`;
}

/** A listing shown in the prose, not run: one that must not compile, or an excerpt of a function. */
function shownListingMarkdown(listing: IncludedListing): string {
  const caption = listing.runnable?.kind === "excerpt"
    ? `*Excerpt (${listing.runnable.reason}); the code cell below runs it through its function:*`
    : `*Does not compile (${listing.expectedError}, checked when the notebooks and the site are built):*`;
  return [caption, `[${describe(listing)}](../${listing.file})`, "", "```ts", listing.code, "```"].join("\n");
}

/**
 * The cell that runs a listing: its code, with the imports it needs to run on its own and
 * without `export` keywords (tslab exports cell declarations itself); the first line says
 * where the code comes from and whether it was adapted.
 */
function listingCellSource(listing: IncludedListing, standalone: Standalone): string {
  const adapted = standalone.imports.length > 0 || standalone.code !== listing.code;
  const header = `// ${describe(listing)}${adapted ? ", as a cell runs it (imports added, export dropped)" : ""}`;
  return [header, ...standalone.imports, ...(standalone.imports.length > 0 ? [""] : []), standalone.code].join("\n");
}

const isRunBlock = (token: Token): boolean => token.type === "fence" && token.info.trim().split(/\s+/).slice(1).includes("run");

/**
 * Cells of one chapter: prose becomes markdown cells (a new one at each heading),
 * included listings and `ts run` blocks become code cells. A listing that must not
 * compile, and an excerpt from inside a function, stay in the prose as fenced blocks;
 * an excerpt must be followed, in its section, by a run block that calls its function.
 */
export function chapterCells(source: string, tokens: readonly Token[], env: ChapterEnv, verdicts: ClaimVerdicts = {}): Cell[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const cells: Cell[] = [];
  let prose: string[] = [];
  let cursor = 0;
  // An excerpt the section has not yet run: its line, and what to tell the writer.
  let unrunExcerpt: { line: number; message: string } | undefined;
  const requireExcerptRun = (): void => {
    if (unrunExcerpt) fail(env, unrunExcerpt.line, "unrun-excerpt", unrunExcerpt.message);
  };
  const flushProse = (upTo: number): void => {
    prose.push(...lines.slice(cursor, upTo));
    const text = notebookProse(prose.join("\n"), verdicts).trim();
    if (text !== "") cells.push(markdownCell(text));
    prose = [];
  };
  for (const token of tokens) {
    if (token.level !== 0 || token.map === null) continue;
    const [start, end] = token.map;
    const listing = listingOf(token);
    if (token.type === "heading_open") {
      requireExcerptRun();
      flushProse(start);
      cursor = start;
    } else if (listing?.runnable?.kind === "standalone") {
      flushProse(start);
      cells.push(codeCell(listingCellSource(listing, listing.runnable)));
      cursor = end;
    } else if (listing !== undefined) {
      if (listing.runnable?.kind === "excerpt") {
        unrunExcerpt ??= {
          line: start + 1,
          message: `${describe(listing)} is an excerpt (${listing.runnable.reason}); follow it, in the same section, with a \`\`\`ts run block that calls its function`,
        };
      }
      prose.push(...lines.slice(cursor, start), shownListingMarkdown(listing));
      cursor = end;
    } else if (isRunBlock(token)) {
      unrunExcerpt = undefined;
      flushProse(start);
      cells.push(codeCell(token.content.replace(/\n$/, "")));
      cursor = end;
    }
  }
  requireExcerptRun();
  flushProse(lines.length);
  return cells;
}

/**
 * Keeps the stored outputs of every code cell whose source did not change, so only the
 * runner's --write changes outputs; a changed cell starts with none.
 */
export function keepOutputs(fresh: Cell[], previous: readonly Cell[]): Cell[] {
  const unused = previous.filter((c): c is CodeCell => c.cell_type === "code");
  return fresh.map((cell) => {
    if (cell.cell_type !== "code") return cell;
    const at = unused.findIndex((old) => joinText(old.source) === joinText(cell.source));
    if (at < 0) return cell;
    const [old] = unused.splice(at, 1);
    return { ...cell, outputs: old!.outputs, execution_count: old!.execution_count };
  });
}

/**
 * A notebook around `cells`, for the project's tslab kernel. Other metadata stored in the
 * notebook is kept; language_info is the kernel's own, as Jupyter writes it on save.
 */
export function notebookOf(cells: Cell[], stored?: Notebook): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 4,
    metadata: {
      ...stored?.metadata,
      language_info: LANGUAGE_INFO,
      kernelspec: { name: KERNEL_NAME, display_name: resolvedKernelSpec().display_name, language: "typescript" },
    },
    cells,
  };
}

function readStoredNotebook(path: string): Notebook | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Notebook) : undefined;
}

/** The notebook `chapter` generates now, with the stored outputs of unchanged cells kept. */
export function generateNotebook(chapter: Chapter, parse = projectChapterParser(), verdicts: ClaimVerdicts = committedVerdicts()): Notebook {
  const source = readFileSync(join(PROJECT_ROOT, chapter.source), "utf8");
  const { tokens, env } = parseChapter(parse, source, chapter.source);
  const stored = readStoredNotebook(join(PROJECT_ROOT, chapter.notebook));
  return notebookOf(keepOutputs(chapterCells(source, tokens, env, verdicts), stored?.cells ?? []), stored);
}

/** Cell types and sources only: what generation decides (outputs are the runner's). */
export function cellSources(nb: Notebook): string[] {
  return nb.cells.map((c) => `${c.cell_type}\n${joinText(c.source)}`);
}

/** The chapters whose committed notebook differs from a fresh generation (in cell sources). */
export function outOfDate(chapters: readonly Chapter[] = CHAPTERS): Chapter[] {
  const parse = projectChapterParser();
  const verdicts = committedVerdicts();
  return chapters.filter((chapter) => {
    const stored = readStoredNotebook(join(PROJECT_ROOT, chapter.notebook));
    return stored === undefined || cellSources(stored).join("\0") !== cellSources(generateNotebook(chapter, parse, verdicts)).join("\0");
  });
}

/** What `--check` says of a notebook out of date with its chapter, fitted to `width` columns. */
export function outOfDateMessage(chapter: Chapter, width: number): string {
  return fitLines(
    `${chapter.notebook} is out of date with ${chapter.source}, the examples it includes or appendix/verdicts-at-pin.json; run npm run notebooks:generate`,
    width,
  );
}

// `npm run notebooks:generate [-- --check]`: regenerates notebooks/*.ipynb from chapters/*.md.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = commandLine({
    name: "notebooks:generate",
    usage: "usage: npm run notebooks:generate [-- --check]",
    details: [
      "Regenerates notebooks/*.ipynb from chapters/*.md and the examples they include (outputs: npm run notebooks -- --write).",
      "  --check  write nothing; exit 1 naming each notebook that is out of date",
    ].join("\n"),
    options: { check: { type: "boolean", default: false } },
  }).values.check;
  try {
    if (check) {
      const stale = outOfDate();
      for (const chapter of stale) process.stderr.write(`${outOfDateMessage(chapter, outputWidth(process.stderr))}\n`);
      if (stale.length === 0) process.stdout.write(`notebooks:generate --check: all ${CHAPTERS.length} notebooks match their chapters\n`);
      process.exit(stale.length > 0 ? 1 : 0);
    }
    const parse = projectChapterParser();
    const verdicts = committedVerdicts();
    const notebooks = CHAPTERS.map((chapter) => ({ chapter, nb: generateNotebook(chapter, parse, verdicts) }));
    // Everything is generated before anything is written: a bad chapter writes nothing.
    for (const { chapter, nb } of notebooks) {
      const file = join(PROJECT_ROOT, chapter.notebook);
      // Like npm run maps: a notebook whose bytes would not change is left alone and said so.
      const same = existsSync(file) && readFileSync(file, "utf8") === serialiseNotebook(nb);
      if (!same) writeNotebookAtomically(file, nb);
      process.stdout.write(`${same ? "unchanged" : "wrote"} ${relative(process.cwd(), file)} (${nb.cells.length} cells)\n`);
    }
  } catch (error) {
    if (!(error instanceof ChapterBuildError)) throw error;
    process.stderr.write(`notebooks:generate: ${error.message}\n(nothing written)\n`);
    process.exit(1);
  }
}
