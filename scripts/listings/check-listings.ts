import { statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { compileFiles, programFor, type CompileDiagnostic } from "../toolchain/compile.ts";
import {
  LISTINGS,
  LISTING_NAMES,
  listingSources,
  projectPath,
  substitutions,
  type ListingName,
  type ListingSource,
} from "../toolchain/listing-source.ts";
import type { InstalledPi } from "../toolchain/pin.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Why a reader's folder cannot stand in for the companion's listings: one line each, for exit 2. */
export interface ListingsProblem {
  kind: "missing-dir" | "no-listing" | "does-not-compile" | "missing-export" | "wrong-shape";
  lines: string[];
}

/** What each listing exports in the book (shared/book/api.md), types included. */
export const BOOK_EXPORTS: Record<ListingName, readonly string[]> = {
  "research-agent": ["Corpus", "lookupEvidence", "makeResearchAgent"],
  step: ["StepOptions", "StepFailure", "StepFailed", "step"],
};

function kindOf(path: string): "folder" | "file" | "none" {
  try {
    return statSync(path).isDirectory() ? "folder" : "file";
  } catch {
    return "none";
  }
}

/** The reader's folder from what they named: the folder itself, or the folder of a listing inside it (`DIR/step.ts`). */
export function listingsFolderOf(path: string): string {
  const isListing = LISTING_NAMES.some((name) => basename(path) === `${name}.ts`);
  return isListing && kindOf(path) === "file" ? dirname(path) : path;
}

/** The reader's folder as given, before anything loads: it exists and holds at least one listing. */
export function checkFolder(dir: string, shown: string = dir): ListingsProblem | undefined {
  const kind = kindOf(dir);
  if (kind === "file")
    return {
      kind: "missing-dir",
      lines: [
        `${shown} is neither a folder nor research-agent.ts or step.ts; give the folder of your listings or one of them`,
      ],
    };
  if (kind === "none")
    return {
      kind: "missing-dir",
      lines: [`${shown}: no such folder; give the folder that holds your research-agent.ts and/or step.ts`],
    };
  if (!listingSources(dir).some((s) => s.reader)) {
    return {
      kind: "no-listing",
      lines: [`${shown} holds neither research-agent.ts nor step.ts; name the files as the book's listings`],
    };
  }
  return undefined;
}

/**
 * A diagnostic as the reader reads it: at their own file and line. The program reads a
 * reader's listing under our file's name (listing-source.ts), so diagnostics name ours.
 */
function line(d: CompileDiagnostic): string {
  const reader = d.file === undefined ? undefined : substitutions().get(join(PROJECT_ROOT, d.file));
  const file = reader === undefined ? (d.file ?? "(options)") : projectPath(reader);
  return `${file}:${d.line ?? "?"}: error TS${d.code}: ${d.message.split("\n")[0]}`;
}

/** Each listing of the reader's that lacks book exports, with those it lacks. */
export type MissingExports = { source: ListingSource; absent: string[] }[];

/** The problem, if any, in a strict type-check's answer: its diagnostics at file:line, else the book's exports missing. */
export function listingsProblemOf(
  diagnostics: readonly CompileDiagnostic[],
  missing: MissingExports,
): ListingsProblem | undefined {
  if (diagnostics.length > 0) return { kind: "does-not-compile", lines: diagnostics.map(line) };
  if (missing.length === 0) return undefined;
  return {
    kind: "missing-export",
    lines: missing.map(
      ({ source, absent }) =>
        `${projectPath(source.file)} does not export ${absent.join(", ")}; the book's ${source.name} listing exports ${BOOK_EXPORTS[source.name].join(", ")}`,
    ),
  };
}

/**
 * The reader's listings (this process's LISTINGS_ENV; `names`: only these), type-checked
 * strictly against the pin by TypeScript 5.9: every diagnostic at file:line, then the book's
 * exports. Run in a process whose shared program already knows the other files it will check
 * (the ledger's checks announce theirs when they load).
 */
export function compileReaderListings(
  install: InstalledPi,
  names: readonly ListingName[] = LISTING_NAMES,
): {
  diagnostics: CompileDiagnostic[];
  problem: ListingsProblem | undefined;
} {
  const theirs = listingSources().filter((s) => s.reader && names.includes(s.name));
  const ours = theirs.map((s) => join(PROJECT_ROOT, LISTINGS[s.name]));
  const diagnostics = compileFiles(ours, install.dirs);
  if (diagnostics.length > 0) return { diagnostics, problem: listingsProblemOf(diagnostics, []) };
  const shared = programFor(install.dirs, ours);
  const missing: MissingExports = [];
  for (const source of theirs) {
    const file = shared.program.getSourceFile(join(PROJECT_ROOT, LISTINGS[source.name]));
    const symbol = file === undefined ? undefined : shared.checker.getSymbolAtLocation(file);
    const exported = new Set(symbol === undefined ? [] : shared.checker.getExportsOfModule(symbol).map((s) => s.name));
    const absent = BOOK_EXPORTS[source.name].filter((name) => !exported.has(name));
    if (absent.length > 0) missing.push({ source, absent });
  }
  return { diagnostics, problem: listingsProblemOf(diagnostics, missing) };
}

/**
 * A shape the book's callers rely on, tried on the loaded module; a line saying what differs, or
 * undefined. Only shapes: a listing that behaves otherwise than the book's runs, and its tests say so.
 */
export async function shapeProblem(
  source: Pick<ListingSource, "name" | "file">,
  module: Record<string, unknown>,
  shown: string = projectPath(source.file),
): Promise<string | undefined> {
  const file = shown;
  if (source.name === "step") {
    if (typeof module.step !== "function") return `${file}: step is not a function`;
    const StepFailed = module.StepFailed as new (message: string, kind: string) => Error & { kind?: unknown };
    if (typeof StepFailed !== "function") return `${file}: StepFailed is not a class`;
    const made = new StepFailed("the message", "provider");
    if (!(made instanceof Error) || made.message !== "the message" || made.kind !== "provider") {
      return (
        `${file}: new StepFailed("the message", "provider") has message ${JSON.stringify(made.message)} and kind ${JSON.stringify(made.kind)}; ` +
        `the book's constructor takes (message, kind) and extends Error`
      );
    }
    return undefined;
  }
  if (typeof module.makeResearchAgent !== "function") return `${file}: makeResearchAgent is not a function`;
  if (typeof module.lookupEvidence !== "function") return `${file}: lookupEvidence is not a function`;
  const tool = (module.lookupEvidence as (corpus: unknown) => { name?: unknown; execute?: unknown })({
    a: "Alpha shipped.",
  });
  if (tool?.name !== "lookup_evidence" || typeof tool.execute !== "function") {
    return `${file}: lookupEvidence({ a: "Alpha shipped." }) is not a tool named lookup_evidence`;
  }
  // The shape of the answer only: which ids it finds is behaviour, for the tests and the ledger to judge.
  let result: unknown;
  try {
    result = await (tool.execute as (id: string, params: { query: string }) => Promise<unknown>)("probe", {
      query: "alpha",
    });
  } catch {
    return undefined;
  }
  const answer = result as { content?: unknown; details?: { hits?: unknown } } | undefined;
  if (!Array.isArray(answer?.content) || !Array.isArray(answer?.details?.hits)) {
    return `${file}: lookupEvidence(corpus).execute answers without content and details.hits arrays; the book's tool returns { content, details: { query, hits } }`;
  }
  return undefined;
}

/** The reader's listings, loaded (through the listings hook) and tried for the shapes the book's callers rely on. */
export async function checkShapes(): Promise<ListingsProblem | undefined> {
  const lines: string[] = [];
  for (const source of listingSources().filter((s) => s.reader)) {
    // Our file's URL: the listings hook serves the reader's in its place, as it does for every importer.
    const module = (await import(pathToFileURL(join(PROJECT_ROOT, LISTINGS[source.name])).href)) as Record<
      string,
      unknown
    >;
    const problem = await shapeProblem(source, module);
    if (problem !== undefined) lines.push(problem);
  }
  return lines.length > 0 ? { kind: "wrong-shape", lines } : undefined;
}
