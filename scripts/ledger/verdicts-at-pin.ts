import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import type { Verdict } from "./check.ts";
import type { LedgerJson } from "./render.ts";

/** The committed verdict of every id at the pin; `npm test` compares a fresh run with it. */
export const PIN_VERDICTS_PATH = join(APPENDIX_DIR, "verdicts-at-pin.json");

/** The file's contract: the pinned versions and `{id: verdict}` for every book id, then every finding id. */
export interface PinVerdicts {
  pin: { core: string; ai: string; typebox: string };
  verdicts: Record<string, Verdict>;
}

/** One id whose verdict differs between two files (`undefined`: the id is absent on that side). */
export interface VerdictChange {
  id: string;
  was: Verdict | undefined;
  now: Verdict | undefined;
}

/**
 * Evidence of a registry lookup that got no answer in this run (offline, a loaded machine):
 * its `not-checkable` says nothing about the package, so it neither replaces a committed
 * verdict nor fails the comparison with one.
 */
export const NO_REGISTRY_ANSWER = /^registry (metadata|tarball) unavailable: /;

/** Whether a fresh entry is a registry lookup that went unanswered this run. */
export function isNoRegistryAnswer(entry: { verdict: Verdict; evidence: string }): boolean {
  return entry.verdict === "not-checkable" && NO_REGISTRY_ANSWER.test(entry.evidence);
}

/**
 * The pin's verdicts from a ledger run, in catalogue order (claims, then findings), or the ids
 * whose checks crashed: a crash has no verdict, so such a run cannot stand for the pin. An id
 * whose registry lookup went unanswered keeps its verdict from `committed` (listed in `kept`).
 */
export function pinVerdictsOf(
  json: LedgerJson,
  committed?: PinVerdicts,
): (PinVerdicts & { kept: string[] }) | { crashed: string[] } {
  const entries = [...json.claims, ...json.findings];
  const crashed = entries.filter((e) => !("verdict" in e)).map((e) => e.id);
  if (crashed.length > 0) return { crashed };
  const verdicts: Record<string, Verdict> = {};
  const kept: string[] = [];
  for (const entry of entries) {
    if (!("verdict" in entry)) continue;
    const before = committed?.verdicts[entry.id];
    if (before !== undefined && before !== entry.verdict && isNoRegistryAnswer(entry)) {
      verdicts[entry.id] = before;
      kept.push(entry.id);
    } else {
      verdicts[entry.id] = entry.verdict;
    }
  }
  return { pin: { ...json.pin }, verdicts, kept };
}

/** The committed file, or undefined when there is none yet. */
export function readPinVerdicts(path: string = PIN_VERDICTS_PATH): PinVerdicts | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as PinVerdicts) : undefined;
}

/** Every id whose verdict differs, in the order of `now` then ids only in `was`. */
export function verdictChanges(was: PinVerdicts | undefined, now: PinVerdicts): VerdictChange[] {
  const before = was?.verdicts ?? {};
  const changes: VerdictChange[] = [];
  for (const [id, verdict] of Object.entries(now.verdicts)) {
    if (before[id] !== verdict) changes.push({ id, was: before[id], now: verdict });
  }
  for (const [id, verdict] of Object.entries(before)) {
    if (!(id in now.verdicts)) changes.push({ id, was: verdict, now: undefined });
  }
  return changes;
}

/** The file's text: one id per line, so a changed verdict is a one-line diff. */
export function pinVerdictsText(verdicts: PinVerdicts): string {
  return `${JSON.stringify(verdicts, null, 2)}\n`;
}

/**
 * Writes the file (temporary name, then rename) only when its text would change: a new
 * verdict, an id added, removed or reordered, or other pinned versions. Returns what it did.
 */
export function writePinVerdictsIfChanged(
  { pin, verdicts: byId }: PinVerdicts,
  path: string = PIN_VERDICTS_PATH,
): { written: boolean; created: boolean; changes: VerdictChange[] } {
  const verdicts = { pin, verdicts: byId };
  const text = pinVerdictsText(verdicts);
  const committed = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  if (committed === text) return { written: false, created: false, changes: [] };
  const changes = verdictChanges(
    committed === undefined ? undefined : (JSON.parse(committed) as PinVerdicts),
    verdicts,
  );
  writeFileAtomically(path, text);
  return { written: true, created: committed === undefined, changes };
}

/** One line per change, for the run's stderr and the commit message: `id: holds → qualified`. */
export function describeChange({ id, was, now }: VerdictChange): string {
  return `${id}: ${was ?? "(new id)"} → ${now ?? "(id removed)"}`;
}
