import { isHelpOrRefusal, readCommandLine, refusal, wholeNumber, type Help, type Refusal } from "../lib/cli.ts";

/** Which version of step() a campaign runs the properties against. */
export type StepVersionName = "fixed" | "unfixed" | "no-bound";

export const STEP_VERSIONS: readonly StepVersionName[] = ["fixed", "unfixed", "no-bound"];

/** Where the fuzzer writes: results on `out`, progress and problems on `err`. */
export interface FuzzIo {
  out(text: string): void;
  err(text: string): void;
  errIsTty: boolean;
}

/** What the command line asked for. */
export type FuzzArgs =
  /** A campaign: `runs` random conversations from `seed` (random when absent), or one replayed `path`. */
  | {
      mode: "campaign";
      runs: number;
      seed: number | undefined;
      path: string | undefined;
      version: StepVersionName;
      against: string | undefined;
    }
  /** One conversation, given as the JSON a failing campaign printed. */
  | { mode: "replay"; json: string; version: StepVersionName; against: string | undefined };

export const FUZZ_COMMAND = {
  name: "fuzz",
  usage:
    "usage: npm run fuzz -- [--runs N] [--seed S [--path P]] [--version fixed|unfixed|no-bound | --against FILE] | --replay JSON",
  details: [
    "Checks step()'s properties over random scripted conversations; exit 1 with a shrunk counterexample.",
    "  --runs N        conversations per campaign (default 10000)",
    "  --seed S        fast-check's seed, to repeat a campaign (default: random, printed)",
    "  --path P        with --seed: replay one case of that campaign (the path a failure printed)",
    "  --version V     which step() to check: fixed (default), unfixed or no-bound",
    "  --replay JSON   run one conversation, as a failing campaign printed it",
    "  --against FILE  differential: your DIR/step.ts (or DIR/research-agent.ts) against ours on the same generated",
    "                  conversations (corpora and queries); exit 1 with the first divergence, shrunk",
  ].join("\n"),
  options: {
    runs: { type: "string" },
    seed: { type: "string" },
    path: { type: "string" },
    version: { type: "string" },
    replay: { type: "string" },
    against: { type: "string" },
  },
} as const;

export const DEFAULT_RUNS = 10_000;

/** Parses the fuzzer's options; `--opt=value` is accepted as well as `--opt value`. */
export function parseFuzzArgs(argv: readonly string[]): FuzzArgs | Help | Refusal {
  const line = readCommandLine(FUZZ_COMMAND, argv);
  if (line.kind !== "run") return line;
  const { values } = line;
  const runs = values.runs === undefined ? DEFAULT_RUNS : wholeNumber(FUZZ_COMMAND, "--runs", values.runs, 1);
  if (isHelpOrRefusal(runs)) return runs;
  // fast-check seeds are 32-bit integers; a negative one is as good as any.
  const seed = values.seed === undefined ? undefined : wholeNumber(FUZZ_COMMAND, "--seed", values.seed, -(2 ** 31));
  if (isHelpOrRefusal(seed)) return seed;
  const { path, replay } = values;
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) {
    return refusal(FUZZ_COMMAND, `--path ${path}: expected the path a failing campaign printed (like 49:3:2)`);
  }
  if (path !== undefined && seed === undefined)
    return refusal(FUZZ_COMMAND, "--path replays a campaign only with the --seed it printed");
  const { against } = values;
  if (against !== undefined && values.version !== undefined)
    return refusal(FUZZ_COMMAND, "--against runs ours (the fixed step()) against your file; leave out --version");
  if (against === "") return refusal(FUZZ_COMMAND, "--against needs a file: DIR/step.ts or DIR/research-agent.ts");
  const version = values.version ?? "fixed";
  if (!STEP_VERSIONS.includes(version as StepVersionName)) {
    return refusal(FUZZ_COMMAND, `--version ${version}: expected one of ${STEP_VERSIONS.join(", ")}`);
  }
  if (replay !== undefined) return { mode: "replay", json: replay, version: version as StepVersionName, against };
  return { mode: "campaign", runs, seed, path, version: version as StepVersionName, against };
}
