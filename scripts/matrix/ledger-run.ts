import { join, sep } from "node:path";
import type { PackageKey } from "../toolchain/pin.ts";
import type { LedgerJson } from "../ledger/render.ts";
import { errorLine, runCommand } from "../lib/command.ts";
import type { CachedInstall } from "./install-cache.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { PORT_ENV, portFor } from "../port/ports.ts";
import type { Port } from "../port/transform.ts";
import { RELEASE_DIR_ENV } from "./release-hook.ts";

/** What the matrix (and the mutants run) reads of the ledger's `--json` document: the versions, Node, the book's claims, the companion's findings, and which checks ran Pi. */
export type LedgerReport = Pick<LedgerJson, "pin" | "node" | "claims"> &
  Partial<Pick<LedgerJson, "findings" | "ranPi">>;

/** Why a column has an install but no verdicts. A crash is not a verdict. */
export interface LedgerRunFailure {
  kind: "probe-mismatch" | "ledger-refused" | "ledger-crashed";
  message: string;
}

export const LEDGER_ENTRY = join(PROJECT_ROOT, "scripts", "ledger", "main.ts");
const PROBE = join(PROJECT_ROOT, "scripts", "matrix", "probe-install.ts");
export const REGISTER_HOOK = join(PROJECT_ROOT, "scripts", "matrix", "register-release-hook.ts");
const LEDGER_TIMEOUT_MS = 15 * 60_000;

/** The port the book's code needs against `install` (decided by its pi-ai, and its core's declarations), if any. */
export function portOf(install: Pick<CachedInstall, "versions">): Port | undefined {
  return portFor(install.versions.ai, install.versions.core);
}

/**
 * The environment of a child that runs the book's code against `install`: the hook's folder,
 * the port the hook serves, and the versions the pin check must find (what npm installed there).
 */
export function childEnv(install: CachedInstall): NodeJS.ProcessEnv {
  const port = portOf(install);
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env[PORT_ENV];
  return {
    ...env,
    ...(port === undefined ? {} : { [PORT_ENV]: port.name }),
    [RELEASE_DIR_ENV]: install.dir,
    PI_COMPANION_EXPECT_CORE: install.versions.core,
    PI_COMPANION_EXPECT_AI: install.versions.ai,
    PI_COMPANION_EXPECT_TYPEBOX: install.versions.typebox,
  };
}

/** Runs `entry` in a fresh Node (the one running this script) with the release hook. */
function runHooked(entry: string, args: readonly string[], install: CachedInstall, timeoutMs: number) {
  // tsx first: the hook module is TypeScript and is loaded through tsx's loader.
  return runCommand(process.execPath, ["--import", "tsx", "--import", REGISTER_HOOK, entry, ...args], {
    cwd: PROJECT_ROOT,
    env: childEnv(install),
    timeoutMs,
  });
}

/** Checks that a hooked child resolves every package to `install`'s folder and versions. */
export async function probeInstall(install: CachedInstall): Promise<LedgerRunFailure | undefined> {
  const outcome = await runHooked(PROBE, [], install, 60_000);
  const mismatch = (message: string): LedgerRunFailure => ({ kind: "probe-mismatch", message });
  let seen: { dirs?: Record<PackageKey, string>; message?: string } & Partial<Record<PackageKey, string>>;
  try {
    seen = JSON.parse(outcome.stdout);
  } catch {
    return mismatch(`the resolution probe crashed: ${errorLine(outcome.stderr) || "no output"}`);
  }
  if (seen.dirs === undefined) return mismatch(`the resolution probe found no install: ${seen.message ?? "unknown"}`);
  for (const key of Object.keys(install.versions) as PackageKey[]) {
    const dir = seen.dirs[key];
    if (!dir.startsWith(install.dir + sep) || seen[key] !== install.versions[key]) {
      return mismatch(
        `a hooked child resolved ${key} to ${seen[key]} in ${dir}, not ${install.versions[key]} in ${install.dir}`,
      );
    }
  }
  return undefined;
}

function isLedgerReport(value: unknown): value is LedgerReport {
  const claims = (value as { claims?: unknown } | null)?.claims;
  return (
    Array.isArray(claims) &&
    claims.every(
      (c: Record<string, unknown>) =>
        typeof c.id === "string" && (typeof c.verdict === "string" || typeof c.crash === "string"),
    )
  );
}

/**
 * Runs the ledger against `install` in a child process and returns its report; `only`
 * (the ledger's --only) narrows the claims it runs, all of them by default; `extraArgs`
 * go to the ledger too (the mutants' `--listings DIR`).
 */
export async function runLedgerAgainst(
  install: CachedInstall,
  entry: string = LEDGER_ENTRY,
  only?: string,
  extraArgs: readonly string[] = [],
): Promise<LedgerReport | LedgerRunFailure> {
  const probe = await probeInstall(install);
  if (probe !== undefined) return probe;
  // `--no-write` keeps the ledger from rewriting appendix/, which it does on a full run
  // against the pinned versions (the 1.0.3 column has them).
  const outcome = await runHooked(
    entry,
    ["--json", "--no-write", ...(only === undefined ? [] : ["--only", only]), ...extraArgs],
    install,
    LEDGER_TIMEOUT_MS,
  );
  if (outcome.timedOut)
    return {
      kind: "ledger-crashed",
      message: `the ledger did not finish within ${LEDGER_TIMEOUT_MS / 60_000} minutes`,
    };
  if (outcome.code === 2) return { kind: "ledger-refused", message: errorLine(outcome.stderr) || "exit status 2" };
  let report: unknown;
  try {
    report = JSON.parse(outcome.stdout);
  } catch {
    report = undefined;
  }
  if (!isLedgerReport(report)) {
    const why = errorLine(outcome.stderr) || `exit status ${outcome.code}, no JSON on stdout`;
    return { kind: "ledger-crashed", message: why };
  }
  return report;
}

/** What `report` says of claim `id` in one line: "verdict: evidence", "CRASH: error", or "not in the report". */
export function claimOutcome(report: Pick<LedgerReport, "claims">, id: string): string {
  const claim = report.claims.find((c) => c.id === id);
  if (claim === undefined) return "not in the report";
  return "verdict" in claim ? `${claim.verdict}: ${claim.evidence}` : `CRASH: ${claim.crash}`;
}

/** Type guard for the failure side of {@link runLedgerAgainst}. */
export function isLedgerRunFailure(value: LedgerReport | LedgerRunFailure): value is LedgerRunFailure {
  return "kind" in value;
}
