import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CHAPTER_FOLDERS, inFixtures, ROLE_FOLDERS } from "../lib/layout.ts";
import { markdownCell } from "../lib/markdown-table.ts";
import { LISTINGS } from "../toolchain/listing-source.ts";
import { showingsIn, type Showing } from "./guide-showings.ts";

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

/**
 * listing: a guide includes it; support: under support/ (or a listing imports it); demonstration:
 * under demonstrations/; counterexample: under counterexamples/, one per qualified or failing claim.
 */
export type Role = "listing" | "support" | "demonstration" | "counterexample" | "test";

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+\.ts)"/g;
// A check file's listing loader, `() => import("../../../examples/<folder>/<file>")`.
const LEDGER_LOAD = /import\(\s*"(?:\.\.\/)+(examples\/[^"]+)"\s*\)/g;

const matches = (pattern: RegExp, text: string): string[] => [...text.matchAll(pattern)].map((m) => m[1]!);

function roleOf(file: string, included: ReadonlySet<string>, imported: ReadonlySet<string>): Role {
  if (file.endsWith(".test.ts")) return "test";
  if (file.startsWith(`${ROLE_FOLDERS.demonstration}/`)) return "demonstration";
  if (file.startsWith(`${ROLE_FOLDERS.counterexample}/`)) return "counterexample";
  if (file.startsWith(`${ROLE_FOLDERS.support}/`)) return "support";
  if (included.has(file)) return "listing";
  if (imported.has(file)) return "support";
  return "demonstration";
}

const ROLE_ORDER: readonly Role[] = ["listing", "support", "demonstration", "counterexample", "test"];

/** The folder's README, as `npm run maps` writes it. */
export function renderChapterMap(inputs: MapInputs): string {
  const inFolder = (path: string): string | undefined =>
    path.startsWith(inputs.folder + "/") ? path.slice(inputs.folder.length + 1) : undefined;
  const shownAt = new Map<string, Showing[]>();
  for (const guide of inputs.chapters) {
    for (const showing of showingsIn(guide.path, guide.text)) {
      const file = inFolder(showing.file);
      if (file !== undefined) shownAt.set(file, [...(shownAt.get(file) ?? []), showing]);
    }
  }
  const included = new Set([...shownAt].filter(([, at]) => at.some((s) => s.kind === "include")).map(([file]) => file));
  const readFolderFile = (file: string) => readFileSync(join(inputs.root, inputs.folder, file), "utf8");
  const importedByListings = new Set<string>();
  for (const listing of included) {
    for (const spec of matches(RELATIVE_IMPORT, readFolderFile(listing))) {
      const target = relative(inputs.folder, join(inputs.folder, listing, "..", spec))
        .split("\\")
        .join("/");
      if (!target.startsWith("..")) importedByListings.add(target);
    }
  }
  const checksLoading = (file: string) =>
    inputs.ledgerChecks
      .filter((check) => matches(LEDGER_LOAD, check.text).includes(`${inputs.folder}/${file}`))
      .map((check) => check.path.replace(/^scripts\/ledger\/checks\//, ""));
  // The folder's own guide goes unnamed (`ch37-agent-core` is `37-agent-core.md`); another is named.
  const ownGuide = `chapters/${inputs.folder.split("/").at(-1)!.replace(/^ch/, "")}.md`;
  const shownIn = (at: readonly Showing[]) => {
    const bySection = new Map<string, string[]>();
    for (const s of at) {
      const section = `${s.guide === ownGuide ? "" : `${s.guide.replace(/^chapters\//, "")} `}§ ${s.heading}`;
      const part = s.kind === "run" ? "run" : s.region === undefined ? "whole file" : `\`${s.region}\``;
      const parts = bySection.get(section) ?? [];
      if (!parts.includes(part)) parts.push(part);
      bySection.set(section, parts);
    }
    return [...bySection].map(([section, parts]) => `${section}: ${parts.join(", ")}`).join("; ");
  };

  const rows = inputs.files
    .map((file) => ({ file, role: roleOf(file, included, importedByListings) }))
    .sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) || a.file.localeCompare(b.file))
    .map(({ file, role }) => {
      const at = shownAt.get(file) ?? [];
      const claims = [...new Set(at.flatMap((s) => s.claims))];
      return `| \`${file}\` | ${role} | ${markdownCell(shownIn(at)) || "—"} | ${claims.map((id) => `\`${id}\``).join(" ") || "—"} | ${checksLoading(file).join(", ") || "—"} |`;
    });
  const book = Object.values(LISTINGS)
    .map(inFolder)
    .find((file) => file !== undefined);
  return [
    `# ${inputs.folder}/: map`,
    "",
    ...(book === undefined
      ? []
      : [
          `**Start here:** [\`${book}\`](${book}), the book's listing. The guide shows it in ${markdownCell(shownIn((shownAt.get(book) ?? []).filter((s) => s.kind === "include")))}.`,
          "",
        ]),
    "Generated by `npm run maps` from `chapters/*.md` and this folder; `npm test` fails when it",
    "is stale. Do not edit it by hand.",
    "",
    "- **role**: `listing` when a chapter guide includes it (`{{#include}}`), `support` for what",
    "  listings and demonstrations lean on (`support/`, or a file a listing imports),",
    "  `demonstration` for the rest (`demonstrations/`: each shows one behaviour of the core),",
    "  `counterexample` (`counterexamples/<claim-id>.ts`: the book's case beside the case that",
    "  qualifies its claim; `npx tsx FILE` prints both, and the ledger's check runs the same file), and",
    "  `test`. What measures and prints them (table runners, formatters, the `npm run` entry",
    "  points) is in `scripts/chapter-tables/`; the probes the ledger runs, in `scripts/ledger/probes/`.",
    "- **shown in**: the guide sections (`## ` headings) that include the file's regions (`name`)",
    "  or import it in a code cell the notebook runs (run).",
    "- **claim ids**: the claims (`{{claim id}}`) the guide states in the prose that leads into",
    "  those regions and cells (a section's last region also takes the prose after it). Which",
    "  file holds each claim's check: [the ledger's README](../../scripts/ledger/README.md).",
    "- **loaded by**: the ledger's check files (under `scripts/ledger/checks/`) that run the file.",
    "",
    "| file | role | shown in | claim ids | loaded by |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Every .ts file under `dir`, relative to it, `/`-separated, sorted. */
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".ts") && !inFixtures(f))
    .sort();
}

/** The chapter folders that get a map. */
export const MAPPED_FOLDERS = CHAPTER_FOLDERS;

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
