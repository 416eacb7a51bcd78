import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lt } from "semver";

/**
 * The versions this companion measures. The book pins pi-agent-core 1.0.4, which the
 * npm registry does not serve; 1.0.3 is the nearest installable release (the 1.0.4
 * changelog has no entry for the agent package and one Bedrock fix in pi-ai).
 */
export const PIN = {
  core: "1.0.3",
  ai: "1.0.3",
  typebox: "1.3.27",
} as const;

/** The version the book itself pins. Never claim a measurement of it. */
export const BOOK_PIN = "1.0.4";

/** Oldest Node that can run the companion: tslab needs require() of ES modules (20.19). */
export const MIN_NODE = "20.19.0";

export type PackageKey = keyof typeof PIN;

export const PACKAGE_NAMES: Record<PackageKey, string> = {
  core: "@earendil-works/pi-agent-core",
  ai: "@earendil-works/pi-ai",
  typebox: "typebox",
};

/** What is installed where the project's imports resolve. */
export interface InstalledPi {
  core: string;
  ai: string;
  typebox: string;
  /** Directory of each package (where its package.json and dist/ live). */
  dirs: Record<PackageKey, string>;
}

/** Why the companion refuses to measure. */
export type InstallProblem =
  | { kind: "missing-package"; pkg: string; message: string }
  | { kind: "wrong-version"; pkg: string; installed: string; expected: string; message: string }
  | { kind: "wrong-node"; installed: string; expected: string; message: string };

/**
 * Finds a package's directory by resolving its entry exactly as the project's imports
 * do, so a resolution hook (the release matrix) is honoured.
 */
export function packageDir(name: string): string | undefined {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(name));
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string };
      if (pkg.name === name) return dir;
    } catch {
      // no package.json at this level; keep walking up
    }
  }
  return undefined;
}

function readVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** Reads the installed Pi packages, or says which one is missing. */
export function readInstalledPi(): InstalledPi | InstallProblem {
  const dirs = {} as Record<PackageKey, string>;
  const versions = {} as Record<PackageKey, string>;
  for (const key of Object.keys(PACKAGE_NAMES) as PackageKey[]) {
    const dir = packageDir(PACKAGE_NAMES[key]);
    if (dir === undefined) {
      return {
        kind: "missing-package",
        pkg: PACKAGE_NAMES[key],
        message: `${PACKAGE_NAMES[key]} is not installed; run npm ci`,
      };
    }
    dirs[key] = dir;
    versions[key] = readVersion(dir);
  }
  return { ...versions, dirs };
}

/**
 * The versions expected in this process: the pin, unless the release matrix runs this
 * process against another release (PI_COMPANION_EXPECT_CORE / _AI / _TYPEBOX).
 */
export function expectedVersions(env: NodeJS.ProcessEnv = process.env): Record<PackageKey, string> {
  return {
    core: env.PI_COMPANION_EXPECT_CORE ?? PIN.core,
    ai: env.PI_COMPANION_EXPECT_AI ?? PIN.ai,
    typebox: env.PI_COMPANION_EXPECT_TYPEBOX ?? PIN.typebox,
  };
}

/** Checks Node and the installed Pi against what this process is meant to measure. */
export function checkInstall(
  expected: Record<PackageKey, string> = expectedVersions(),
  nodeVersion: string = process.versions.node,
): InstalledPi | InstallProblem {
  if (lt(nodeVersion, MIN_NODE)) {
    return {
      kind: "wrong-node",
      installed: nodeVersion,
      expected: MIN_NODE,
      message: `Node ${nodeVersion} is too old; this companion needs Node >= ${MIN_NODE} (install Node 20.19+ or 22.19+)`,
    };
  }
  const installed = readInstalledPi();
  if ("kind" in installed) return installed;
  for (const key of Object.keys(PACKAGE_NAMES) as PackageKey[]) {
    if (installed[key] !== expected[key]) {
      return {
        kind: "wrong-version",
        pkg: PACKAGE_NAMES[key],
        installed: installed[key],
        expected: expected[key],
        message: `installed ${PACKAGE_NAMES[key]} ${installed[key]}; this companion measures ${expected[key]}; run npm ci`,
      };
    }
  }
  return installed;
}

/** Type guard for the problem side of {@link checkInstall}. */
export function isInstallProblem(value: InstalledPi | InstallProblem): value is InstallProblem {
  return "kind" in value;
}

/**
 * For entry points: returns the checked install, or prints one line saying what to do
 * and exits with status 2 before anything is measured or written.
 */
export function requirePinnedPi(): InstalledPi {
  const result = checkInstall();
  if (isInstallProblem(result)) {
    process.stderr.write(`pi-book-companion: ${result.message}\n`);
    process.exit(2);
  }
  return result;
}
