import { optionsNpmTook as npmTook } from "../lib/cli.ts";
import { LEDGER_COMMAND } from "./ledger-command.ts";

/**
 * The ledger's own options that npm took for itself: `npm start --json` (no `--`) reaches the
 * ledger only as `npm_config_json=true` (see the command line's optionsNpmTook). npm 11 knows
 * `--only` as one of its own (deprecated) configs, drops a value it does not accept and sets
 * nothing, so `npm start --only x` leaves no trace; the ledger's hint on a full run under npm
 * covers that case. Only looked at when npm's `start` script is what runs the ledger.
 */
export function optionsNpmTook(env: NodeJS.ProcessEnv): string[] {
  return npmTook(LEDGER_COMMAND, env);
}

/** Whether npm's `start` script runs the ledger with no options at all (the hint about `--` then helps). */
export function isBareNpmStart(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return env.npm_lifecycle_event === "start" && argv.length === 0;
}
