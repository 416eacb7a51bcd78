// Which file provides each of the book's two listings: the companion's own (examples/), or a
// reader's copy typed in from the book. One switch for every way the code is loaded: the
// TypeScript programs read the reader's text in place of ours (shared-program.ts), Node's
// loader resolves our file to the reader's (scripts/listings/hook.ts), and a process started
// with the variable set passes it to its children.
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** The environment variable naming the reader's folder (absolute, or relative to the working directory). */
export const LISTINGS_ENV = "PI_COMPANION_LISTINGS";

/** The book's two listings, by the file name a reader gives each, and the companion's file for it. */
export const LISTINGS = {
  "research-agent": "examples/ch37-agent-core/research-agent.ts",
  step: "examples/ch38-typed-step/step.ts",
} as const;

export type ListingName = keyof typeof LISTINGS;
export const LISTING_NAMES = Object.keys(LISTINGS) as ListingName[];

/** The file a reader's folder holds for `name`: `DIR/step.ts`, `DIR/research-agent.ts`. */
export function readerFile(dir: string, name: ListingName): string {
  return join(dir, `${name}.ts`);
}

/** The reader's folder this process was started with, absolute; undefined when the companion's listings run. */
export function readerListingsDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env[LISTINGS_ENV];
  return dir === undefined || dir === "" ? undefined : resolve(dir);
}

/** Which file provides one listing, absolute, and whether it is the reader's. */
export interface ListingSource {
  name: ListingName;
  file: string;
  reader: boolean;
}

/** Each listing's source: the reader's file where `dir` holds one, the companion's otherwise. */
export function listingSources(dir: string | undefined = readerListingsDir()): ListingSource[] {
  return LISTING_NAMES.map((name) => {
    const theirs = dir === undefined ? undefined : readerFile(dir, name);
    return theirs !== undefined && existsSync(theirs)
      ? { name, file: theirs, reader: true }
      : { name, file: join(PROJECT_ROOT, LISTINGS[name]), reader: false };
  });
}

/** The companion's listing files (absolute) that a reader's file replaces, each with that file. */
export function substitutions(dir: string | undefined = readerListingsDir()): Map<string, string> {
  return new Map(
    listingSources(dir)
      .filter((s) => s.reader)
      .map((s) => [join(PROJECT_ROOT, LISTINGS[s.name]), s.file]),
  );
}

/** A path as the project's messages print it: relative to the project root inside it, absolute outside. */
export function projectPath(file: string): string {
  const rel = relative(PROJECT_ROOT, file);
  return rel.startsWith("..") || isAbsolute(rel) ? file : rel;
}
