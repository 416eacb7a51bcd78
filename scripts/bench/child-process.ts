import { spawn } from "node:child_process";

/** How one child process ended, and how long it took from spawn to exit. */
export interface TimedProcess {
  ms: number;
  status: number | null;
  /** The last lines of its stderr, for a report when it did not exit 0. */
  stderrTail: string;
}

/** Runs `node --import tsx <args>` in `cwd`, discarding stdout, and times it. */
export function timeTsx(args: readonly string[], cwd: string): Promise<TimedProcess> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.on("error", reject);
    child.on("close", (status) => {
      resolve({ ms: performance.now() - started, status, stderrTail: stderr.trim().split("\n").slice(-3).join(" | ") });
    });
  });
}
