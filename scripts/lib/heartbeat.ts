import { spawn } from "node:child_process";

/** Minutes and seconds for a progress line: `45 s`, `3 min 05 s`. */
export function elapsed(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

/** Something written to, as process.stdout is. */
type Writable = { write(chunk: Buffer | string): unknown };

/** Where a step's stdout and stderr go. */
export interface StepOutput {
  out(chunk: Buffer | string): void;
  err(chunk: Buffer | string): void;
}

/**
 * Output for steps run side by side, one voice at a time: the first step's passes straight
 * through; each later step's is held, in order, until every step before it has ended, then
 * printed whole and passed through from then on. No two steps' lines interleave.
 */
export function oneVoiceAtATime(
  steps: number,
  stdout: Writable = process.stdout,
  stderr: Writable = process.stderr,
): { io: StepOutput[]; ended(step: number): void } {
  const held: { to: Writable; chunk: Buffer | string }[][] = Array.from({ length: steps }, () => []);
  const done = new Array<boolean>(steps).fill(false);
  let speaking = 0;
  const write = (step: number, to: Writable) => (chunk: Buffer | string) => {
    if (step === speaking) to.write(chunk);
    else held[step]!.push({ to, chunk });
  };
  return {
    io: held.map((_, step) => ({ out: write(step, stdout), err: write(step, stderr) })),
    ended(step) {
      done[step] = true;
      while (speaking < steps && done[speaking]) {
        speaking++;
        for (const { to, chunk } of held[speaking]?.splice(0) ?? []) to.write(chunk);
      }
    },
  };
}

/**
 * Runs `command` with its output passed through (to `io`), and prints `label: still running, …` on
 * stderr whenever it has been silent for `quietMs` (a reader should never wonder whether a step
 * hangs). Resolves to the exit status (1 for a signal). The child's output stays coloured when
 * ours is a terminal.
 */
export function runWithHeartbeat(
  label: string,
  command: string,
  args: readonly string[],
  quietMs = 25_000,
  io: StepOutput = { out: (chunk) => process.stdout.write(chunk), err: (chunk) => process.stderr.write(chunk) },
): Promise<number> {
  const started = Date.now();
  let lastOutput = started;
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } : process.env;
  const child = spawn(command, args, { stdio: ["inherit", "pipe", "pipe"], env });
  const pass = (to: (chunk: Buffer | string) => void) => (chunk: Buffer) => {
    lastOutput = Date.now();
    to(chunk);
  };
  child.stdout.on("data", pass(io.out));
  child.stderr.on("data", pass(io.err));
  const timer = setInterval(() => {
    if (Date.now() - lastOutput < quietMs) return;
    lastOutput = Date.now();
    io.err(`${label}: still running, ${elapsed(Date.now() - started)} in\n`);
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
