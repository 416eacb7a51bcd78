/**
 * The ledger's own options that npm took for itself: `npm start --json` (no `--`) reaches the
 * ledger only as the environment variable npm sets for a config it does not know
 * (`npm_config_json=true`, `npm_config_write=` for `--no-write`, `npm_config_only=…`). npm 11
 * knows `--only` as one of its own (deprecated) configs, drops a value it does not accept and
 * sets nothing, so `npm start --only x` leaves no trace; the ledger's hint on a full run under
 * npm covers that case. Only looked at when npm's `start` script is what runs the ledger.
 */
export function optionsNpmTook(env: NodeJS.ProcessEnv): string[] {
  if (env.npm_lifecycle_event !== "start") return [];
  const took: string[] = [];
  if (env.npm_config_json === "true") took.push("--json");
  if (env.npm_config_only !== undefined && env.npm_config_only !== "") took.push(`--only ${env.npm_config_only}`);
  if (env.npm_config_write === "" || env.npm_config_write === "false") took.push("--no-write");
  return took;
}

/** Whether npm's `start` script runs the ledger with no options at all (the hint about `--` then helps). */
export function isBareNpmStart(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  return env.npm_lifecycle_event === "start" && argv.length === 0;
}
