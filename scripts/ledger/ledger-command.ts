import { readCommandLine, type Command } from "../lib/cli.ts";

/** The ledger's `--only` for exactly `ids`. */
export function idsOnly(ids: readonly string[]): string {
  return `^(${[...new Set(ids)].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`;
}

/** What the command line asked for. */
export interface LedgerArgs {
  kind: "run";
  json: boolean;
  only: RegExp | undefined;
  /** False with `--no-write`: a full run at the pin then leaves appendix/ as it is. */
  write: boolean;
  /** `--refresh-registry`: ask the registry again instead of reusing its recorded answers (checks/registry-record.json). */
  refreshRegistry: boolean;
  /** `--listings DIR` as typed: a reader's folder whose research-agent.ts and/or step.ts run in place of ours. */
  listings: string | undefined;
  /** `--wide`: each row of the table shows the claim's own words under its id. */
  wide: boolean;
}

/** `--help`: the usage and what each option does, for stdout, exit 0. */
export type LedgerHelp = { kind: "help"; text: string };

/** A command line the ledger cannot run with, as a value with one line saying what to do. */
export type ArgsProblem = { kind: "refused"; message: string };

/** The ledger's command line, as the shared command-line module reads it. */
export const LEDGER_COMMAND = {
  name: "pi-book-companion",
  script: "start",
  usage: "usage: npm start -- [--json] [--only REGEX] [--no-write] [--wide] [--refresh-registry] [--listings DIR]",
  details: [
    "  --json        print {pin, node, claims, findings} as JSON on stdout and nothing else",
    "  --only REGEX  run only the ids the JavaScript regular expression matches (claims and findings)",
    "  --no-write    leave appendix/ as it is (a full run at the pin otherwise updates it when a verdict",
    "                or a measured fact changed)",
    "  --refresh-registry  ask the npm registry again and record its answers (scripts/ledger/checks/",
    "                registry-record.json); otherwise a look-up answered once is read from that record",
    "  --listings DIR  run your own research-agent.ts and/or step.ts (in DIR) wherever a check loads a",
    "                listing (DIR may be one of those files: its folder is meant); the other checks are",
    "                unchanged, and appendix/ is never written",
    "  --wide        under each row of the table, the claim's own words (chapters/claims.tsv, findings.tsv)",
    "  --help        this text",
    "Options go after `--`: `npm start --only x` hands --only to npm, which drops it.",
  ].join("\n"),
  options: {
    json: { type: "boolean" },
    only: { type: "string" },
    "no-write": { type: "boolean" },
    "refresh-registry": { type: "boolean" },
    listings: { type: "string" },
    wide: { type: "boolean" },
  },
} satisfies Command<Record<string, { type: "string" | "boolean" }>>;

/** Parses `--json`, `--only REGEX` (also `--only=REGEX`), `--no-write`, `--refresh-registry`, `--listings DIR` and `--help`. */
export function parseLedgerArgs(argv: readonly string[]): LedgerArgs | LedgerHelp | ArgsProblem {
  // npm_config_* are read by runLedger from the environment it is given.
  const line = readCommandLine(LEDGER_COMMAND, argv, {});
  if (line.kind !== "run") return line;
  const {
    json = false,
    only: source,
    "no-write": noWrite = false,
    "refresh-registry": refreshRegistry = false,
    listings,
    wide = false,
  } = line.values;
  if (listings === "")
    return { kind: "refused", message: `--listings needs the folder of your listings; ${LEDGER_COMMAND.usage}` };
  let only: RegExp | undefined;
  if (source !== undefined) {
    if (source === "")
      return { kind: "refused", message: `--only needs a regular expression over ids; ${LEDGER_COMMAND.usage}` };
    try {
      only = new RegExp(source);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        kind: "refused",
        message: `--only ${source}: not a regular expression (${why}); ${LEDGER_COMMAND.usage}`,
      };
    }
  }
  return { kind: "run", json, only, write: !noWrite, refreshRegistry, listings, wide };
}
