/** What the command line asked for. */
export interface LedgerArgs {
  json: boolean;
  only: RegExp | undefined;
}

/** A command line the ledger cannot run with, as a value with one line saying what to do. */
export type ArgsProblem = { kind: "unknown-option" | "missing-value" | "invalid-regex"; message: string };

const USAGE = "usage: npm start -- [--json] [--only REGEX]";

/** Parses `--json` and `--only REGEX` (also `--only=REGEX`). */
export function parseArgs(argv: readonly string[]): LedgerArgs | ArgsProblem {
  let json = false;
  let only: RegExp | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") {
      json = true;
    } else if (arg === "--only" || arg.startsWith("--only=")) {
      const source = arg === "--only" ? argv[++i] : arg.slice("--only=".length);
      if (source === undefined || source === "") {
        return { kind: "missing-value", message: `--only needs a regular expression over claim ids; ${USAGE}` };
      }
      try {
        only = new RegExp(source);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { kind: "invalid-regex", message: `--only ${source}: not a regular expression (${why}); ${USAGE}` };
      }
    } else {
      return { kind: "unknown-option", message: `unknown option ${arg}; ${USAGE}` };
    }
  }
  return { json, only };
}

/** Type guard for the problem side of {@link parseArgs}. */
export function isArgsProblem(value: LedgerArgs | ArgsProblem): value is ArgsProblem {
  return "kind" in value;
}
