// Asking the npm registry, for the ledger (a package's metadata) and the matrix and node22
// (which versions are served): one client, `npmView`, that never hangs and never throws, and
// the typed questions built on it.
import { execFile } from "node:child_process";

/** What the npm registry answered, as a value: a lookup that cannot be made is not a crash. */
export type RegistryAnswer =
  { kind: "found"; value: unknown } | { kind: "not-served"; detail: string } | { kind: "unreachable"; detail: string };

// Offline, npm's defaults (two retries, minutes-long fetch timeout) made each look-up wait
// about 30 s in silence. One try with a short network timeout answers in seconds either way;
// the kill is longer because npm itself takes seconds to start on a loaded machine.
const FETCH_TIMEOUT_MS = 8_000;
const TIMEOUT_MS = 20_000;
const ATTEMPTS = 2;
/** How long a look-up runs before the reader is told what is being waited for. */
const QUIET_MS = 2_000;

/** npm's error codes that mean the registry cannot be reached at all (FETCH_ERROR: its network timeout). */
const NETWORK_CODES = new Set([
  "FETCH_ERROR",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "ECONNRESET",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "TIMEOUT",
]);

/** Where registry notices go (stderr unless a caller takes them): what is awaited, and "offline" once. */
let notify: (line: string) => void = (line) =>
  process.stderr.write(`${process.stderr.isTTY === true ? "\r\x1b[2K" : ""}pi-book-companion: ${line}\n`);

/** Sends registry notices to `listener` instead of stderr; returns the previous listener. */
export function onRegistryNotice(listener: (line: string) => void): (line: string) => void {
  const previous = notify;
  notify = listener;
  return previous;
}

/** Registries found unreachable in this process, with the first failure: later look-ups do not wait. */
const offline = new Map<string, string>();

/** The registry npm asks under `env` (npm_config_registry, else npm's default). */
export function registryOf(env: NodeJS.ProcessEnv): string {
  return env.npm_config_registry ?? env.NPM_CONFIG_REGISTRY ?? "https://registry.npmjs.org/";
}

function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim() ?? ""
  );
}

type Attempt = RegistryAnswer | { kind: "offline"; code: string; detail: string };

function viewOnce(spec: string, field: string, env: NodeJS.ProcessEnv): Promise<Attempt> {
  return new Promise((resolve) => {
    // SIGKILL: npm can outlive a SIGTERM, and a lookup must never hang the ledger.
    const options = { timeout: TIMEOUT_MS, killSignal: "SIGKILL" as const, env };
    const args = ["view", spec, field, "--json", "--fetch-retries=0", `--fetch-timeout=${FETCH_TIMEOUT_MS}`];
    execFile("npm", args, options, (error, stdout, stderr) => {
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
      if (error?.killed === true || NETWORK_CODES.has(npmError?.code ?? "")) {
        const code = error?.killed === true ? `no answer within ${TIMEOUT_MS / 1000} s` : npmError!.code!;
        resolve({
          kind: "offline",
          code,
          detail: npmError?.summary === undefined ? code : `${code}: ${npmError.summary}`,
        });
        return;
      }
      // Seen here once under load: exit 0 and no output at all. That is no answer, not an
      // empty field, or a check would read it as "no dependencies".
      const why =
        error !== null || npmError !== undefined
          ? (npmError?.summary ?? (firstLine(stderr) || error?.message || "no answer"))
          : unparseable
            ? `printed no JSON (${firstLine(text).slice(0, 80)})`
            : text === ""
              ? "printed nothing"
              : undefined;
      resolve(
        why === undefined
          ? { kind: "found", value: parsed }
          : { kind: "unreachable", detail: `npm view ${spec} ${field}: ${why}` },
      );
    });
  });
}

/**
 * `npm view <spec> <field> --json` through the ordinary npm client, asked at most twice.
 * E404 (no such version) is "not-served"; no usable answer (offline, timeout, no npm,
 * empty output) is "unreachable". Once the registry is found unreachable, later look-ups in
 * this process answer "unreachable" at once, and the reader is told "offline" once.
 */
export async function npmView(
  spec: string,
  field: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RegistryAnswer> {
  const registry = registryOf(env);
  const what = `npm view ${spec} ${field}`;
  const known = offline.get(registry);
  if (known !== undefined)
    return { kind: "unreachable", detail: `${what}: not asked, the registry is offline (${known})` };
  const waiting = setTimeout(
    () => notify(`waiting for the npm registry: ${what} (at most ${TIMEOUT_MS / 1000} s)`),
    QUIET_MS,
  );
  try {
    let answer: RegistryAnswer = { kind: "unreachable", detail: `${what}: not asked` };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const tried = await viewOnce(spec, field, env);
      if (tried.kind === "offline") {
        // Look-ups started together all find it out; the reader hears it once.
        if (!offline.has(registry)) {
          offline.set(registry, tried.code);
          notify(`offline: the npm registry ${registry} did not answer (${tried.code}); registry look-ups are skipped`);
        }
        return { kind: "unreachable", detail: `${what}: offline, ${tried.detail}` };
      }
      answer = tried;
      if (answer.kind !== "unreachable") return answer;
    }
    return answer;
  } finally {
    clearTimeout(waiting);
  }
}

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

/**
 * `npm view <spec> <field>` through {@link npmView}: the parsed JSON, or the problem. Empty
 * output is never an answer here, as {@link npmView} decides (npm printed nothing once under load).
 */
async function view(spec: string, field: string): Promise<unknown> {
  const answer = await npmView(spec, field);
  if (answer.kind === "found") return answer.value;
  return { kind: "registry-error", message: answer.detail } satisfies RegistryProblem;
}

function asStrings(answer: unknown, what: string): string[] | RegistryProblem {
  if (isRegistryProblem(answer)) return answer;
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
export async function declaredDependencies(
  pkg: string,
  version: string,
): Promise<Record<string, string> | RegistryProblem> {
  const answer = await view(`${pkg}@${version}`, "dependencies");
  if (isRegistryProblem(answer)) return answer;
  if (typeof answer === "object" && answer !== null && !Array.isArray(answer)) return answer as Record<string, string>;
  return { kind: "registry-error", message: `npm view ${pkg}@${version} dependencies: unexpected answer` };
}
