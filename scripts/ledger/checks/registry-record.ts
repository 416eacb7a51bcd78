// What the npm registry answered the ledger, kept in a committed file (registry-record.json,
// beside this one) from the first time each question was answered, and reused until
// `npm start -- --refresh-registry`. A published version's metadata never changes, and a
// verdict must not depend on whether the registry answered in time: offline, or on a machine
// so loaded that `npm view` timed out, a reader's run gives the verdict the record gives.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { writeFilesAtomically } from "../../lib/atomic-write.ts";
import { npmView, registryOf, type RegistryAnswer } from "../../lib/npm-registry.ts";

/** The committed record, beside this file. */
export const REGISTRY_RECORD = fileURLToPath(new URL("./registry-record.json", import.meta.url));

/** One recorded answer: what `npm view --json` printed, the day it was asked, and of which registry. */
interface RecordedAnswer {
  asked: string;
  registry: string;
  value: unknown;
}

interface RecordFile {
  about: string;
  answers: Record<string, RecordedAnswer>;
}

const ABOUT =
  "What the npm registry answered the ledger's look-ups, each the first time it was answered; written by " +
  "scripts/ledger/checks/registry-record.ts, reused by every run until npm start -- --refresh-registry asks again.";

/** A registry answer; a found one says the day the registry gave it, and whether this run asked. */
export type RecordedLookup =
  | { kind: "found"; value: unknown; asked: string; registry: string; from: "record" | "registry" }
  | Exclude<RegistryAnswer, { kind: "found" }>;

let refreshing = false;

/** Makes every later look-up of this process ask the registry again and record its answer (`--refresh-registry`). */
export function refreshRegistryRecord(): void {
  refreshing = true;
}

function readRecord(path: string): RecordFile {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as RecordFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { about: ABOUT, answers: {} };
    throw error;
  }
}

/** Where, and with what, {@link recordedView} looks things up; tests replace them. */
export interface RecordOptions {
  path?: string;
  view?: typeof npmView;
  env?: NodeJS.ProcessEnv;
  /** Today as YYYY-MM-DD. */
  today?: () => string;
}

/**
 * `npm view <spec> <field>`: the recorded answer when there is one (and no refresh was asked
 * for), else the registry's, recorded when it is found. An unanswered refresh keeps the record.
 */
export async function recordedView(spec: string, field: string, options: RecordOptions = {}): Promise<RecordedLookup> {
  const path = options.path ?? REGISTRY_RECORD;
  const key = `npm view ${spec} ${field}`;
  const kept = readRecord(path).answers[key];
  if (kept !== undefined && !refreshing) return { kind: "found", ...kept, from: "record" };
  const env = options.env ?? process.env;
  const answer = await (options.view ?? npmView)(spec, field, env);
  if (answer.kind === "unreachable" && kept !== undefined) return { kind: "found", ...kept, from: "record" };
  if (answer.kind !== "found") return answer;
  const fresh: RecordedAnswer = {
    asked: (options.today ?? (() => new Date().toISOString().slice(0, 10)))(),
    registry: registryOf(env),
    value: answer.value,
  };
  // Read again just before writing: ledgers of other releases (the matrix) record beside this one.
  const record = readRecord(path);
  const answers = { ...record.answers, [key]: fresh };
  const sorted = Object.fromEntries(
    Object.keys(answers)
      .sort()
      .map((name) => [name, answers[name]!]),
  );
  writeFilesAtomically({ [path]: `${JSON.stringify({ about: ABOUT, answers: sorted }, null, 2)}\n` });
  return { kind: "found", ...fresh, from: "registry" };
}
