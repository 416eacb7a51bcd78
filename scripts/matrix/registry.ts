import { runCommand } from "./command.ts";

/** Why the registry could not answer. */
export interface RegistryProblem {
  kind: "registry-error";
  message: string;
}

/** Whether a registry answer is the problem side. */
export function isRegistryProblem(value: unknown): value is RegistryProblem {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "registry-error";
}

/**
 * The one line worth showing from npm's stderr: its first `npm error` line that is not
 * the bare code or the pointer to the debug log.
 */
export function npmErrorLine(stderr: string): string {
  const lines = stderr.split("\n").filter((l) => l.startsWith("npm error"));
  const code = lines.find((l) => l.startsWith("npm error code "))?.slice("npm error code ".length);
  const said = lines
    .map((l) => l.slice("npm error".length).trim())
    .find((l) => l.length > 0 && !l.startsWith("code ") && !l.startsWith("A complete log"));
  if (said === undefined) return code ?? "npm failed without saying why";
  return code === undefined ? said : `${code}: ${said}`;
}

/** `npm view <spec> <field> --json`, parsed; npm's own error JSON becomes a RegistryProblem. */
async function npmView(spec: string, field: string): Promise<unknown> {
  let outcome;
  try {
    outcome = await runCommand("npm", ["view", spec, field, "--json"], { timeoutMs: 120_000 });
  } catch (error) {
    return { kind: "registry-error", message: `cannot run npm: ${(error as Error).message}` } satisfies RegistryProblem;
  }
  let parsed: unknown;
  try {
    parsed = outcome.stdout.trim() === "" ? undefined : JSON.parse(outcome.stdout);
  } catch {
    parsed = undefined;
  }
  const npmError = (parsed as { error?: { code?: string; summary?: string } } | undefined)?.error;
  if (npmError !== undefined) {
    return { kind: "registry-error", message: `npm view ${spec}: ${npmError.code ?? "error"} ${npmError.summary ?? ""}`.trim() } satisfies RegistryProblem;
  }
  if (outcome.code !== 0 || outcome.timedOut) {
    const why = outcome.timedOut ? "timed out after 120 s" : npmErrorLine(outcome.stderr);
    return { kind: "registry-error", message: `npm view ${spec} failed: ${why}` } satisfies RegistryProblem;
  }
  return parsed;
}

/** Every version of `pkg` the registry serves. */
export async function servedVersions(pkg: string): Promise<string[] | RegistryProblem> {
  const answer = await npmView(pkg, "versions");
  if (isRegistryProblem(answer)) return answer;
  // npm prints a bare string instead of an array when a package has a single version.
  if (typeof answer === "string") return [answer];
  if (Array.isArray(answer) && answer.every((v) => typeof v === "string")) return answer;
  return { kind: "registry-error", message: `npm view ${pkg} versions: unexpected answer` };
}

/** The runtime dependencies `pkg@version` declares (name → range). */
export async function declaredDependencies(pkg: string, version: string): Promise<Record<string, string> | RegistryProblem> {
  const answer = await npmView(`${pkg}@${version}`, "dependencies");
  if (isRegistryProblem(answer)) return answer;
  if (answer === undefined) return {};
  if (typeof answer === "object" && answer !== null && !Array.isArray(answer)) return answer as Record<string, string>;
  return { kind: "registry-error", message: `npm view ${pkg}@${version} dependencies: unexpected answer` };
}

/** The versions of `pkg` that `range` matches, as the registry resolves it. */
export async function versionsMatching(pkg: string, range: string): Promise<string[] | RegistryProblem> {
  const answer = await npmView(`${pkg}@${range}`, "version");
  if (isRegistryProblem(answer)) return answer;
  if (typeof answer === "string") return [answer];
  if (Array.isArray(answer) && answer.every((v) => typeof v === "string")) return answer;
  if (answer === undefined) return [];
  return { kind: "registry-error", message: `npm view ${pkg}@${range} version: unexpected answer` };
}
