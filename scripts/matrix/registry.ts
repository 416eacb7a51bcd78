import { npmView } from "../ledger/static/npm-registry.ts";

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

/** `npm view <spec> <field>` (the ledger's reader); "printed nothing" is an empty answer here. */
async function view(spec: string, field: string): Promise<unknown> {
  const answer = await npmView(spec, field);
  if (answer.kind === "found") return answer.value;
  if (answer.kind === "not-served" && answer.detail.endsWith("printed nothing")) return undefined;
  return { kind: "registry-error", message: answer.detail } satisfies RegistryProblem;
}

function asStrings(answer: unknown, what: string): string[] | RegistryProblem {
  if (isRegistryProblem(answer)) return answer;
  if (answer === undefined) return [];
  // npm prints a bare string instead of an array when there is a single value.
  if (typeof answer === "string") return [answer];
  if (Array.isArray(answer) && answer.every((v) => typeof v === "string")) return answer;
  return { kind: "registry-error", message: `npm view ${what}: unexpected answer` };
}

/** Every version of `pkg` the registry serves. */
export async function servedVersions(pkg: string): Promise<string[] | RegistryProblem> {
  return asStrings(await view(pkg, "versions"), `${pkg} versions`);
}

/** The versions of `pkg` that `range` matches, as the registry resolves it. */
export async function versionsMatching(pkg: string, range: string): Promise<string[] | RegistryProblem> {
  return asStrings(await view(`${pkg}@${range}`, "version"), `${pkg}@${range} version`);
}

/** The runtime dependencies `pkg@version` declares (name → range). */
export async function declaredDependencies(pkg: string, version: string): Promise<Record<string, string> | RegistryProblem> {
  const answer = await view(`${pkg}@${version}`, "dependencies");
  if (isRegistryProblem(answer)) return answer;
  if (answer === undefined) return {};
  if (typeof answer === "object" && answer !== null && !Array.isArray(answer)) return answer as Record<string, string>;
  return { kind: "registry-error", message: `npm view ${pkg}@${version} dependencies: unexpected answer` };
}
