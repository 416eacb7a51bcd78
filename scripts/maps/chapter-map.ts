import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { markdownCell } from "../lib/markdown-table.ts";

// A chapter folder's README: what each file is to a reader, read from the chapter guides
// (their includes, their code cells' imports, their claim markers) and from the folder itself.

/** A text the map is read from: a chapter guide or a ledger check, by its project path. */
export interface SourceText {
  path: string;
  text: string;
}

/** What the map is made of: the folder's files and the texts that name them. */
export interface MapInputs {
  /** The project root the paths are relative to. */
  root: string;
  /** `examples/ch38-typed-step` */
  folder: string;
  /** Every .ts file under the folder, relative to it (`step.ts`, `support/measure.ts`). */
  files: readonly string[];
  chapters: readonly SourceText[];
  ledgerChecks: readonly SourceText[];
}

/** listing: a guide includes it; support: under support/ (or a listing imports it); demonstration: under demonstrations/. */
export type Role = "listing" | "support" | "demonstration" | "test";

interface Section {
  chapter: string;
  heading: string;
  text: string;
}

const INCLUDE = /\{\{#include(?:-fails)?\s+(examples\/[^\s:}]+)(?::[^\s}]+)?\s*\}\}/g;
const CELL_IMPORT = /from\s+"\.\/(examples\/[^"]+)"/g;
const CLAIM = /\{\{claim\s+([^\s}]+)\s*\}\}/g;
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.ts)"/g;
// A check file's listing loader, `() => import("../../../examples/<folder>/<file>")`.
const LEDGER_LOAD = /import\(\s*"(?:\.\.\/)+(examples\/[^"]+)"\s*\)/g;

/** A guide's `## ` sections (the text before the first one belongs to the chapter's title). */
function sections(chapter: SourceText): Section[] {
  const result: Section[] = [];
  let current: Section = { chapter: chapter.path, heading: "(introduction)", text: "" };
  for (const line of chapter.text.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading !== null) {
      result.push(current);
      current = { chapter: chapter.path, heading: heading[1]!.trim(), text: "" };
    } else current.text += line + "\n";
  }
  result.push(current);
  return result;
}

const matches = (pattern: RegExp, text: string): string[] => [...text.matchAll(pattern)].map((m) => m[1]!);
const unique = (items: Iterable<string>): string[] => [...new Set(items)].sort();

function roleOf(file: string, included: ReadonlySet<string>, imported: ReadonlySet<string>): Role {
  if (file.endsWith(".test.ts")) return "test";
  if (file.startsWith("demonstrations/")) return "demonstration";
  if (file.startsWith("support/")) return "support";
  if (included.has(file)) return "listing";
  if (imported.has(file)) return "support";
  return "demonstration";
}

const ROLE_ORDER: readonly Role[] = ["listing", "support", "demonstration", "test"];

/** The folder's README, as `npm run maps` writes it. */
export function renderChapterMap(inputs: MapInputs): string {
  const inFolder = (path: string): string | undefined =>
    path.startsWith(inputs.folder + "/") ? path.slice(inputs.folder.length + 1) : undefined;
  const allSections = inputs.chapters.flatMap(sections);
  const includedIn = new Map<string, Section[]>();
  const runIn = new Map<string, Section[]>();
  const note = (table: Map<string, Section[]>, path: string, section: Section) => {
    const file = inFolder(path);
    if (file === undefined) return;
    const list = table.get(file) ?? [];
    if (!list.includes(section)) list.push(section);
    table.set(file, list);
  };
  for (const section of allSections) {
    for (const path of matches(INCLUDE, section.text)) note(includedIn, path, section);
    for (const path of matches(CELL_IMPORT, section.text)) note(runIn, path, section);
  }
  const included = new Set(includedIn.keys());
  const readFolderFile = (file: string) => readFileSync(join(inputs.root, inputs.folder, file), "utf8");
  const importedByListings = new Set<string>();
  for (const listing of included) {
    for (const spec of matches(RELATIVE_IMPORT, readFolderFile(listing))) {
      const target = relative(inputs.folder, join(inputs.folder, listing, "..", spec)).split("\\").join("/");
      if (!target.startsWith("..")) importedByListings.add(target);
    }
  }
  const checksLoading = (file: string) =>
    inputs.ledgerChecks
      .filter((check) => matches(LEDGER_LOAD, check.text).includes(`${inputs.folder}/${file}`))
      .map((check) => check.path.replace(/^scripts\/ledger\/checks\//, ""));
  const where = (list: readonly Section[] | undefined) =>
    (list ?? []).map((s) => `${s.chapter.replace(/^chapters\//, "")} § ${s.heading}`).join("; ") || "—";

  const rows = inputs.files
    .map((file) => ({ file, role: roleOf(file, included, importedByListings) }))
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.file.localeCompare(b.file))
    .map(({ file, role }) => {
      const sectionsOf = [...(includedIn.get(file) ?? []), ...(runIn.get(file) ?? [])];
      const claims = unique(sectionsOf.flatMap((s) => matches(CLAIM, s.text)));
      return `| \`${file}\` | ${role} | ${markdownCell(where(includedIn.get(file)))} | ${markdownCell(where(runIn.get(file)))} | ${claims.map((id) => `\`${id}\``).join(" ") || "—"} | ${checksLoading(file).join(", ") || "—"} |`;
    });
  return [
    `# ${inputs.folder}/: map`,
    "",
    "Generated by `npm run maps` from `chapters/*.md` and this folder; `npm test` fails when it",
    "is stale. Do not edit it by hand.",
    "",
    "- **role**: `listing` when a chapter guide includes it (`{{#include}}`), `support` for what",
    "  listings and demonstrations lean on (`support/`, or a file a listing imports),",
    "  `demonstration` for the rest (`demonstrations/`: each shows one behaviour of the core), and",
    "  `test`. What measures and prints them (table runners, probes, formatters, the `npm run`",
    "  entry points) is in `scripts/chapter-tables/`.",
    "- **included in** / **run in**: the guide sections (`## ` headings) that include the file as a",
    "  listing, or import it in a code cell that the notebook runs.",
    "- **claim ids**: the claim markers (`{{claim id}}`) of those sections. A file no section",
    "  names has none here; the ledger checks that load it are in the last column.",
    "",
    "| file | role | included in | run in | claim ids | ledger checks loading it |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Every .ts file under `dir`, relative to it, `/`-separated, sorted. */
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".ts") && !f.split("/").includes("fixtures"))
    .sort();
}

/** The chapter folders that get a map. */
export const MAPPED_FOLDERS = ["examples/ch37-agent-core", "examples/ch38-typed-step"] as const;

/** What the map of `folder` is read from, as the files stand under `root`. */
export function mapInputs(root: string, folder: string): MapInputs {
  const read = (dir: string): SourceText[] =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .map((f) => f.split("\\").join("/"))
      .filter((f) => f.endsWith(".md") || (f.endsWith(".ts") && !f.endsWith(".test.ts")))
      .sort()
      .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(join(root, dir, f), "utf8") }));
  return {
    root,
    folder,
    files: tsFilesUnder(join(root, folder)),
    chapters: read("chapters").filter((c) => c.path.endsWith(".md")),
    ledgerChecks: read("scripts/ledger/checks"),
  };
}
