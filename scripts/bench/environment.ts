import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg, platform, release } from "node:os";
import type { InstalledPi } from "../../examples/support/pin.ts";

/** Where and on what the figures were measured: printed with every figure. */
export interface BenchEnvironment {
  date: string;
  node: string;
  pi: { core: string; ai: string; typebox: string };
  commit: string;
  /** Whether the working tree had changes not in `commit`. */
  uncommitted: boolean;
  cpus: number;
  cpuModel: string;
  os: string;
  /** One-minute load average when the run started and when it ended: the machine is shared. */
  load: { start: number; end: number };
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

/** Reads the environment now; `loadAtStart` is the load average taken before measuring. */
export function readEnvironment(root: string, install: InstalledPi, loadAtStart: number): BenchEnvironment {
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    pi: { core: install.core, ai: install.ai, typebox: install.typebox },
    commit: git(root, ["rev-parse", "--short=12", "HEAD"]) ?? "unknown (not a git checkout)",
    uncommitted: (git(root, ["status", "--porcelain"]) ?? "") !== "",
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    os: `${platform()} ${release()}`,
    load: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  };
}
