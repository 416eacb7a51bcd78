import { spawn } from "node:child_process";

/** How one child process ended, and how long it took from spawn to exit. */
export interface TimedProcess {
  ms: number;
  status: number | null;
  /** The last lines of its stderr, for a report when it did not exit 0. */
  stderrTail: string;
  /** The last lines of its stdout (tsc reports errors there). */
  stdoutTail: string;
}

const tail = (text: string) => text.trim().split("\n").slice(-3).join(" | ");

/** Runs `node --import tsx <args>` in `cwd` and times it. */
export function timeTsx(args: readonly string[], cwd: string): Promise<TimedProcess> {
  return timeNode(["--import", "tsx", ...args], cwd);
}

/** Runs `node <args>` in `cwd`, keeping only the ends of its output, and times it. */
export function timeNode(args: readonly string[], cwd: string): Promise<TimedProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout = (stdout + chunk).slice(-4_000)));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
    child.on("error", reject);
    child.on("close", (status) => {
      resolve({ ms: performance.now() - started, status, stderrTail: tail(stderr), stdoutTail: tail(stdout) });
    });
  });
}
