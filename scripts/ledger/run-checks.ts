import { setImmediate } from "node:timers/promises";
import { mapWithConcurrency } from "../lib/pool.ts";
import { recordingListingsIn } from "../port/through-port.ts";
import type { Check, CheckResult } from "./check.ts";

/** What running one check produced: a verdict, or a crash (a crash is not a verdict). */
export type Outcome = (
  { kind: "result"; id: string; result: CheckResult } | { kind: "crash"; id: string; error: string }
) & {
  /** The modules (file URLs) the check loaded through a listing loader, crash or not: what it ran. */
  loaded?: readonly string[];
};

/** Options for {@link runChecks}. */
export interface RunOptions {
  /** How many checks run at once; results keep the input order whatever the finishing order. */
  concurrency?: number;
  /**
   * A check that has not settled after this much time in which the event loop was free is
   * reported as a crash (time other checks held the loop synchronously is not counted).
   */
  timeoutMs?: number;
  /** Called as each check settles, with how many have settled so far. */
  onSettled?: (outcome: Outcome, settled: number, total: number) => void;
  /**
   * Called once every check that asks the type checker has settled, before any other check
   * runs: where the ledger lets go of the TypeScript program they shared.
   */
  afterTypeChecks?: () => void;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.split("\n")[0]!;
  return String(error).split("\n")[0]!;
}

/**
 * Rejects once the event loop has been free for `ms` in all while the check was pending.
 * A single timer would also count the time other checks hold the loop with synchronous
 * work (type-checking the listings held it for a minute on a loaded machine), and it fires
 * before the I/O callback a waiting check needs: that is how a 2 s registry lookup
 * "timed out after 120 s". Ticks that come late count for their interval only.
 */
function deadline(ms: number): { expired: Promise<never>; cancel: () => void } {
  const tick = Math.min(1_000, ms / 10);
  let ticks = 0;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (++ticks * tick < ms) return;
      clearInterval(timer);
      reject(new Error(`timed out after ${ms / 1000} s`));
    }, tick);
  });
  return { expired, cancel: () => clearInterval(timer) };
}

async function runOne(check: Check, timeoutMs: number): Promise<Outcome> {
  const hang = deadline(timeoutMs);
  const loaded = new Set<string>();
  const what = () => (loaded.size === 0 ? {} : { loaded: [...loaded] });
  try {
    const result = await Promise.race([recordingListingsIn(loaded, () => check.run()), hang.expired]);
    return { kind: "result", id: check.id, result, ...what() };
  } catch (error) {
    return { kind: "crash", id: check.id, error: describeError(error), ...what() };
  } finally {
    hang.cancel();
  }
}

/**
 * Runs checks with bounded concurrency; outcomes come back in the order of `checks`. First
 * every check's `start`; then the checks that ask the type checker, and `afterTypeChecks`;
 * then the others. Type-checking holds the event loop and takes most of the memory: the
 * other processes the starts set off wait beside it, and the rest of the checks run once
 * its memory can be let go.
 */
export async function runChecks(checks: readonly Check[], options: RunOptions = {}): Promise<Outcome[]> {
  const { concurrency = 2, timeoutMs = 120_000, onSettled, afterTypeChecks } = options;
  for (const check of checks) check.start?.();
  // One turn of the event loop, so that what the starts set off behind a promise (a spawn)
  // is under way before a synchronous check holds the loop.
  await setImmediate();
  const outcomes: Outcome[] = new Array(checks.length);
  let settled = 0;
  const runAll = async (indices: number[]): Promise<void> => {
    await mapWithConcurrency(indices, concurrency, async (index) => {
      const outcome = await runOne(checks[index]!, timeoutMs);
      outcomes[index] = outcome;
      onSettled?.(outcome, ++settled, checks.length);
    });
  };
  const indices = checks.map((_, i) => i);
  await runAll(indices.filter((i) => checks[i]!.asksTypeChecker === true));
  afterTypeChecks?.();
  await runAll(indices.filter((i) => checks[i]!.asksTypeChecker !== true));
  return outcomes;
}
