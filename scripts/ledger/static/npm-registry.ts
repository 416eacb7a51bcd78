import { execFile } from "node:child_process";

/** What the npm registry answered, as a value: a lookup that cannot be made is not a crash. */
export type RegistryAnswer =
  | { kind: "found"; value: unknown }
  | { kind: "not-served"; detail: string }
  | { kind: "unreachable"; detail: string };

const TIMEOUT_MS = 30_000;
const ATTEMPTS = 2;

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
}

function viewOnce(spec: string, field: string, env: NodeJS.ProcessEnv): Promise<RegistryAnswer> {
  return new Promise((resolve) => {
    // SIGKILL: npm can outlive a SIGTERM, and a lookup must never hang the ledger.
    const options = { timeout: TIMEOUT_MS, killSignal: "SIGKILL" as const, env };
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
        return;
      }
      // Seen here once under load: exit 0 and no output at all. That is no answer, not an
      // empty field, or a check would read it as "no dependencies".
      const why =
        error?.killed === true
          ? `no answer within ${TIMEOUT_MS / 1000} s`
          : error !== null || npmError !== undefined
            ? (npmError?.summary ?? (firstLine(stderr) || error?.message || "no answer"))
            : unparseable
              ? `printed no JSON (${firstLine(text).slice(0, 80)})`
              : text === ""
                ? "printed nothing"
                : undefined;
      resolve(why === undefined ? { kind: "found", value: parsed } : { kind: "unreachable", detail: `npm view ${spec} ${field}: ${why}` });
    });
  });
}

/**
 * `npm view <spec> <field> --json` through the ordinary npm client, asked at most twice.
 * E404 (no such version) is "not-served"; no usable answer (offline, timeout, no npm,
 * empty output) is "unreachable".
 */
export async function npmView(spec: string, field: string, env: NodeJS.ProcessEnv = process.env): Promise<RegistryAnswer> {
  let answer: RegistryAnswer = { kind: "unreachable", detail: `npm view ${spec} ${field}: not asked` };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    answer = await viewOnce(spec, field, env);
    if (answer.kind !== "unreachable") return answer;
  }
  return answer;
}
