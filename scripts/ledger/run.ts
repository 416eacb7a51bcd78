import type { Check, CheckResult } from "./check.ts";

/** What running one check produced: a verdict, or a crash (a crash is not a verdict). */
export type Outcome = { kind: "result"; id: string; result: CheckResult } | { kind: "crash"; id: string; error: string };

/** Options for {@link runChecks}. */
export interface RunOptions {
  /** How many checks run at once; results keep the input order whatever the finishing order. */
  concurrency?: number;
  /** A check that has not settled by then is reported as a crash. */
  timeoutMs?: number;
  /** Called as each check settles, with how many have settled so far. */
  onSettled?: (outcome: Outcome, settled: number, total: number) => void;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.split("\n")[0]!;
  return String(error).split("\n")[0]!;
}

async function runOne(check: Check, timeoutMs: number): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const result = await Promise.race([check.run(), timeout]);
    return { kind: "result", id: check.id, result };
  } catch (error) {
    return { kind: "crash", id: check.id, error: describeError(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs checks with bounded concurrency; outcomes come back in the order of `checks`. */
export async function runChecks(checks: readonly Check[], options: RunOptions = {}): Promise<Outcome[]> {
  const { concurrency = 2, timeoutMs = 120_000, onSettled } = options;
  const outcomes: Outcome[] = new Array(checks.length);
  let next = 0;
  let settled = 0;
  const worker = async (): Promise<void> => {
    while (next < checks.length) {
      const index = next++;
      const outcome = await runOne(checks[index]!, timeoutMs);
      outcomes[index] = outcome;
      onSettled?.(outcome, ++settled, checks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, checks.length) }, worker));
  return outcomes;
}
