/** Which version of step() a campaign runs the properties against. */
export type StepVersionName = "fixed" | "unfixed" | "no-bound";

export const STEP_VERSIONS: readonly StepVersionName[] = ["fixed", "unfixed", "no-bound"];

/** What the command line asked for. */
export type FuzzArgs =
  /** A campaign: `runs` random conversations from `seed` (random when absent), or one replayed `path`. */
  | { mode: "campaign"; runs: number; seed: number | undefined; path: string | undefined; version: StepVersionName }
  /** One conversation, given as the JSON a failing campaign printed. */
  | { mode: "replay"; json: string; version: StepVersionName };

/** A command line the fuzzer cannot run with, as a value with one line saying what to do. */
export type FuzzArgsProblem = { kind: "unknown-option" | "missing-value" | "invalid-value" | "help"; message: string };

export const USAGE =
  "usage: npm run fuzz -- [--runs N] [--seed S [--path P]] [--version fixed|unfixed|no-bound] | --replay JSON";

export const DEFAULT_RUNS = 10_000;

function integerOption(name: string, text: string | undefined, min: number): number | FuzzArgsProblem {
  if (text === undefined || text === "") return { kind: "missing-value", message: `${name} needs a value; ${USAGE}` };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    return { kind: "invalid-value", message: `${name} ${text}: expected an integer >= ${min}; ${USAGE}` };
  }
  return value;
}

const isProblem = (value: unknown): value is FuzzArgsProblem => typeof value === "object" && value !== null && "kind" in value;

/** Parses the fuzzer's options; `--opt=value` is accepted as well as `--opt value`. */
export function parseFuzzArgs(argv: readonly string[]): FuzzArgs | FuzzArgsProblem {
  let runs = DEFAULT_RUNS;
  let seed: number | undefined;
  let path: string | undefined;
  let replay: string | undefined;
  let version: StepVersionName = "fixed";
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const [name, inline] = raw.startsWith("--") && raw.includes("=") ? [raw.slice(0, raw.indexOf("=")), raw.slice(raw.indexOf("=") + 1)] : [raw, undefined];
    const value = (): string | undefined => inline ?? argv[++i];
    switch (name) {
      case "--runs": {
        const parsed = integerOption("--runs", value(), 1);
        if (isProblem(parsed)) return parsed;
        runs = parsed;
        break;
      }
      case "--seed": {
        // fast-check seeds are 32-bit integers; a negative one is as good as any.
        const parsed = integerOption("--seed", value(), -(2 ** 31));
        if (isProblem(parsed)) return parsed;
        seed = parsed;
        break;
      }
      case "--path": {
        path = value();
        if (path === undefined || !/^\d+(:\d+)*$/.test(path)) {
          return { kind: "invalid-value", message: `--path needs the path a failing campaign printed (like 49:3:2); ${USAGE}` };
        }
        break;
      }
      case "--replay": {
        replay = value();
        if (replay === undefined || replay === "") return { kind: "missing-value", message: `--replay needs the conversation JSON a failing campaign printed; ${USAGE}` };
        break;
      }
      case "--version": {
        const v = value();
        if (!STEP_VERSIONS.includes(v as StepVersionName)) {
          return { kind: "invalid-value", message: `--version ${v ?? ""}: expected one of ${STEP_VERSIONS.join(", ")}; ${USAGE}` };
        }
        version = v as StepVersionName;
        break;
      }
      case "--help":
      case "-h":
        return { kind: "help", message: USAGE };
      default:
        return { kind: "unknown-option", message: `unknown option ${raw}; ${USAGE}` };
    }
  }
  if (path !== undefined && seed === undefined) {
    return { kind: "missing-value", message: `--path replays a campaign only with the --seed it printed; ${USAGE}` };
  }
  if (replay !== undefined) return { mode: "replay", json: replay, version };
  return { mode: "campaign", runs, seed, path, version };
}

/** Type guard for the problem side of {@link parseFuzzArgs}. */
export function isFuzzArgsProblem(value: FuzzArgs | FuzzArgsProblem): value is FuzzArgsProblem {
  return "kind" in value;
}
