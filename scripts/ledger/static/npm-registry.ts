import { execFile } from "node:child_process";

/** What the npm registry answered, as a value: a lookup that cannot be made is not a crash. */
export type RegistryAnswer =
  | { kind: "found"; value: unknown }
  | { kind: "not-served"; detail: string }
  | { kind: "unreachable"; detail: string };

const TIMEOUT_MS = 30_000;

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

/**
 * The environment for the child npm without the output settings of an enclosing npm
 * run: under `npm start --silent` npm exports npm_config_loglevel=silent, and a silent
 * `npm view` prints nothing at all, which would read as an empty answer.
 */
function withoutOutputSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const key of Object.keys(copy)) {
    if (/^npm_config_(loglevel|silent|quiet|json|parseable)$/i.test(key)) delete copy[key];
  }
  return copy;
}

/**
 * `npm view <spec> <field> --json` through the ordinary npm client. E404 (no such
 * version) is "not-served"; no answer at all (offline, timeout, no npm) is "unreachable".
 */
export function npmView(spec: string, field: string, env: NodeJS.ProcessEnv = process.env): Promise<RegistryAnswer> {
  return new Promise((resolve) => {
    // SIGKILL: npm can outlive a SIGTERM, and a lookup must never hang the ledger.
    const options = { timeout: TIMEOUT_MS, killSignal: "SIGKILL" as const, env: withoutOutputSettings(env) };
    execFile("npm", ["view", spec, field, "--json"], options, (error, stdout, stderr) => {
      const text = stdout.trim();
      let parsed: unknown;
      let unparseable = false;
      try {
        parsed = text === "" ? undefined : JSON.parse(text);
      } catch {
        unparseable = true;
      }
      const npmError = (parsed as { error?: { code?: string; summary?: string } } | undefined)?.error;
      if (npmError?.code === "E404") {
        resolve({ kind: "not-served", detail: `npm view ${spec} answered E404 (${npmError.summary ?? "not found"})` });
      } else if (error !== null || npmError !== undefined || unparseable) {
        const why =
          error?.killed === true
            ? `no answer within ${TIMEOUT_MS / 1000} s`
            : unparseable
              ? `printed no JSON (${firstLine(text).slice(0, 80)})`
              : (npmError?.summary ?? (firstLine(stderr) || error?.message || "no answer"));
        resolve({ kind: "unreachable", detail: `npm view ${spec} failed: ${why}` });
      } else {
        // Exit 0 with no output: the version exists and the field is empty.
        resolve({ kind: "found", value: parsed });
      }
    });
  });
}
