/** The middle value of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One contender in a side-by-side measurement: a name and one timed unit of work. */
export interface Contender {
  name: string;
  /** Does one unit of work; the harness times it. */
  run(): Promise<void>;
}

/** Milliseconds per unit of work, one list per contender, in repetition order. */
export type Samples = Record<string, number[]>;

/** What a sample measures: wall-clock time, or this process's CPU time (user + system). */
export type Clock = "wall" | "cpu";

function now(clock: Clock): number {
  if (clock === "wall") return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs every contender once per repetition, rotating who goes first, so that a noisy
 * neighbour or a warming JIT lands on all of them alike. Ratios are then taken within a
 * repetition, never across. In-process work is best timed on the "cpu" clock: on a
 * shared machine other processes stretch wall time but not this process's CPU time.
 */
export async function interleave(
  contenders: readonly Contender[],
  repetitions: number,
  clock: Clock,
  onRepetition?: (done: number) => void,
): Promise<Samples> {
  const samples: Samples = Object.fromEntries(contenders.map((c) => [c.name, []]));
  for (let rep = 0; rep < repetitions; rep++) {
    for (let k = 0; k < contenders.length; k++) {
      const contender = contenders[(rep + k) % contenders.length]!;
      const started = now(clock);
      await contender.run();
      samples[contender.name]!.push(now(clock) - started);
    }
    onRepetition?.(rep + 1);
  }
  return samples;
}

/** The median over repetitions of `a[i] / b[i]`: a ratio taken side by side. */
/**
 * The quartiles of the per-repetition ratios `a[i] / b[i]` (first, median, third): how far the
 * ratio moves from one repetition to the next, so a median ratio can be read against the spread.
 */
export function ratioQuartiles(a: readonly number[], b: readonly number[]): [number, number, number] {
  if (a.length !== b.length || a.length === 0) throw new RangeError("ratio of samples from different runs");
  const sorted = a.map((x, i) => x / b[i]!).sort((x, y) => x - y);
  const at = (q: number) => {
    const position = q * (sorted.length - 1);
    const low = Math.floor(position);
    return sorted[low]! + (sorted[Math.ceil(position)]! - sorted[low]!) * (position - low);
  };
  return [at(0.25), at(0.5), at(0.75)];
}

export function medianRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError("ratio of samples from different runs");
  return median(a.map((x, i) => x / b[i]!));
}
