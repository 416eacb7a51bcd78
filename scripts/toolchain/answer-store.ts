// A store of compile answers that is never stale. A strict type-check over Pi's declarations
// reads some 1,050 files; its answer is a pure function of what TypeScript read and asked the
// file system. So each answer is kept with every question the compiler's host asked and what
// came back (a file's hash, whether a path exists, a real path, a folder's entries), and is
// reused only when each question, asked again, gets the same answer: a changed, added or
// removed file anywhere TypeScript looked means a fresh compile.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { recordHostQuestions } from "./shared-program.ts";

export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

/** A question TypeScript asked the file system, and what the answer was, as this file asks it again. */
export type Probe = [kind: "read" | "file" | "dir" | "real" | "entries", path: string, answer: string];

/** The answer to a probe, taken from the file system without TypeScript. */
export function answer(kind: Probe[0], path: string): string {
  const stat = () => statSync(path, { throwIfNoEntry: false });
  try {
    if (kind === "read") return sha256(readFileSync(path));
    if (kind === "file") return String(stat()?.isFile() ?? false);
    if (kind === "dir") return String(stat()?.isDirectory() ?? false);
    if (kind === "real") return realpathSync.native(path);
    // A folder's entries, each with its kind as a stat (following links) gives it.
    return JSON.stringify(
      readdirSync(path)
        .sort()
        .map((name) => `${name}:${statSync(join(path, name), { throwIfNoEntry: false })?.isDirectory() ?? "-"}`),
    );
  } catch (error) {
    return `error ${(error as NodeJS.ErrnoException).code ?? "unknown"}`;
  }
}

/** The entry `key` kept in `dir`, when every question it recorded gets the same answer today; undefined otherwise (or when there is none). */
export function storedAnswer<T extends { probes: Probe[] }>(dir: string, key: string): T | undefined {
  let stored: T;
  try {
    stored = JSON.parse(readFileSync(join(dir, `${key}.json`), "utf8")) as T;
  } catch {
    return undefined;
  }
  return stored.probes.every(([kind, path, was]) => answer(kind, path) === was) ? stored : undefined;
}

/** The most answers kept: each patched or released Pi a run compiles against adds one (about 400 kB). */
export const KEPT = 32;

/** Keeps `stored` as the entry `key` in `dir`, with at most {@link KEPT} entries (the newest). */
export function storeAnswer<T extends { probes: Probe[] }>(dir: string, key: string, stored: T): void {
  try {
    mkdirSync(dir, { recursive: true });
    const older = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .slice(KEPT - 1);
    for (const { name } of older) rmSync(join(dir, name), { force: true });
    // A compile killed mid-write, or two at once, leave no half entry.
    writeFileAtomically(join(dir, `${key}.json`), JSON.stringify(stored));
  } catch {
    // A cache that cannot be written costs time, never an answer.
  }
}

/**
 * `compile()`'s answer, from the entry `key` of the store `dir` when every question the
 * program's host asked when it was kept gets the same answer today; otherwise compiled, and
 * kept. A process that has made a program already compiles without keeping (its questions
 * went unrecorded, so nothing could vouch for the answer).
 */
export function keptCompile<T>(dir: string, key: string, compile: () => T): T {
  const kept = storedAnswer<{ probes: Probe[]; answer: T }>(dir, key);
  if (kept !== undefined) return kept.answer;
  const probes = new Map<string, Probe>();
  const recording = recordHostQuestions((kind, path) =>
    probes.set(`${kind}\0${path}`, [kind, path, answer(kind, path)]),
  );
  const compiled = compile();
  if (recording) storeAnswer(dir, key, { probes: [...probes.values()], answer: compiled });
  return compiled;
}
