import { spawn } from "node:child_process";

/** Minutes and seconds for a progress line: `45 s`, `3 min 05 s`. */
export function elapsed(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/**
 * Runs `command` with its output passed through, and prints `label: still running, …` on
 * stderr whenever it has been silent for `quietMs` (a reader should never wonder whether a step
 * hangs). Resolves to the exit status (1 for a signal). The child's output stays coloured when
 * ours is a terminal.
 */
export function runWithHeartbeat(
  label: string,
  command: string,
  args: readonly string[],
  quietMs = 25_000,
): Promise<number> {
  const started = Date.now();
  let lastOutput = started;
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;
  const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"], env });
  const pass = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    lastOutput = Date.now();
    to.write(chunk);
  };
  child.stdout.on("data", pass(process.stdout));
  child.stderr.on("data", pass(process.stderr));
  const timer = setInterval(() => {
    if (Date.now() - lastOutput < quietMs) return;
    lastOutput = Date.now();
    process.stderr.write(`${label}: still running, ${elapsed(Date.now() - started)} in\n`);
  }, 1_000);
  // A reader who stops reading (`npm test | head`) ends the child too.
  process.once("exit", () => child.kill());
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearInterval(timer);
      resolve(code ?? 1);
    }),
  );
}
