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
 * `npm view <spec> <field> --json` through the ordinary npm client. E404 (no such
 * version) is "not-served"; no answer at all (offline, timeout, no npm) is "unreachable".
 */
export function npmView(spec: string, field: string, env: NodeJS.ProcessEnv = process.env): Promise<RegistryAnswer> {
  return new Promise((resolve) => {
    // SIGKILL: npm can outlive a SIGTERM, and a lookup must never hang the ledger.
    const options = { timeout: TIMEOUT_MS, killSignal: "SIGKILL" as const, env };
    execFile("npm", ["view", spec, field, "--json"], options, (error, stdout, stderr) => {
      let parsed: unknown;
      try {
        parsed = stdout.trim() === "" ? undefined : JSON.parse(stdout);
      } catch {
        parsed = undefined;
      }
      const npmError = (parsed as { error?: { code?: string; summary?: string } } | undefined)?.error;
      if (npmError?.code === "E404") {
        resolve({ kind: "not-served", detail: `npm view ${spec} answered E404 (${npmError.summary ?? "not found"})` });
      } else if (error !== null || npmError !== undefined) {
        const why =
          error?.killed === true
            ? `no answer within ${TIMEOUT_MS / 1000} s`
            : (npmError?.summary ?? (firstLine(stderr) || error?.message || "no answer"));
        resolve({ kind: "unreachable", detail: `npm view ${spec} failed: ${why}` });
      } else if (parsed === undefined) {
        resolve({ kind: "not-served", detail: `npm view ${spec} ${field} printed nothing` });
      } else {
        resolve({ kind: "found", value: parsed });
      }
    });
  });
}
