import { runCommand } from "../lib/command.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

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

/** Runs the entry point `entry` with `args` in `cwd` as its npm script runs it (through boot.mjs), and times it. */
export function timeAsNpmRunsIt(
  entry: string,
  args: readonly string[],
  cwd: string,
  env?: NodeJS.ProcessEnv,
): Promise<TimedProcess> {
  return timeNode(asNpmRunsIt(entry, args), cwd, env);
}

/** Runs `node <args>` in `cwd` (with `env`, or this process's), keeping only the ends of its output, and times it. */
export async function timeNode(args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<TimedProcess> {
  const started = performance.now();
  const { code, stdout, stderr } = await runCommand(process.execPath, args, {
    cwd,
    ...(env === undefined ? {} : { env }),
  });
  return { ms: performance.now() - started, status: code, stderrTail: tail(stderr), stdoutTail: tail(stdout) };
}
