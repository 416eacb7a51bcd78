// The record printed beside every measured figure (appendices A to D): when, on which Node,
// at which commit, and for timings on how loaded a machine. The machine is shared, so a
// figure without its load is not one a reader can weigh.
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, loadavg, platform, release } from "node:os";
import { PROJECT_ROOT } from "./paths.ts";

/** The day (YYYY-MM-DD, UTC) and the Node version a measurement ran on. */
export interface MeasuredOn {
  date: string;
  node: string;
}

/** Where and on what a measurement ran. */
export interface MeasurementEnvironment {
  /** When the record was taken (ISO 8601, UTC). */
  date: string;
  node: string;
  /** The checkout's commit, or why there is none. */
  commit: string;
  /** Whether the working tree had changes not in `commit`. */
  uncommitted: boolean;
  cpus: number;
  cpuModel: string;
  os: string;
  /** One-minute load average when the record was taken. */
  load: number;
}

/** Today (UTC) and this process's Node: what appendix A records, without asking git. */
export function measuredOn(now: Date = new Date()): MeasuredOn {
  return { date: now.toISOString().slice(0, 10), node: process.versions.node };
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

function commitOf(root: string): string {
  return git(root, ["rev-parse", "--short=12", "HEAD"]) ?? "unknown (not a git checkout)";
}

/** The environment now, for the checkout at `root`. */
export function measurementEnvironment(root: string = PROJECT_ROOT): MeasurementEnvironment {
  return {
    date: new Date().toISOString(),
    node: process.versions.node,
    commit: commitOf(root),
    uncommitted: (git(root, ["status", "--porcelain"]) ?? "") !== "",
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    os: `${platform()} ${release()}`,
    load: loadavg()[0] ?? 0,
  };
}

/** The day, Node and commit a run measured on: what appendices B and D record. */
export type MeasuredAt = MeasuredOn & { commit: string };

/** Today (UTC), this process's Node and the checkout's commit. */
export function measuredAt(root: string = PROJECT_ROOT): MeasuredAt {
  return { ...measuredOn(), commit: commitOf(root) };
}
