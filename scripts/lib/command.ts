import { spawn } from "node:child_process";

/** What a finished child process left behind. */
export interface CommandOutcome {
  /** Exit status; null when a signal (or the time limit) ended the process. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Ends the process (SIGKILL) after this long; its outcome then has `timedOut: true`. */
  timeoutMs?: number;
}

/**
 * Runs `command` without a shell and collects its output. It never rejects for a
 * non-zero exit: callers turn the outcome into their own error values. It rejects only
 * when the program cannot be started at all.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
      });
    });
  });
}

/**
 * The line of a failed Node program's stderr that says what went wrong: the first
 * `SomeError: …` line of an uncaught error, else its last line other than Node's version
 * banner; "" when it printed nothing.
 */
export function errorLine(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const thrown = lines.find((l) => /^[A-Za-z]*Error(\s*\[[A-Z_]+\])?:/.test(l));
  return thrown ?? lines.filter((l) => !/^Node\.js v\d/.test(l)).at(-1) ?? "";
}

/**
 * Runs `command` with this process's stdin closed and its stdout and stderr shared, so a
 * long run shows its own progress; resolves to the exit status (null for a signal).
 */
export function runShowingOutput(
  command: string,
  args: readonly string[],
  options: Omit<CommandOptions, "timeoutMs"> = {},
): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
}
