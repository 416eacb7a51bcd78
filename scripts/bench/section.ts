/** A table of figures as the appendix prints it. */
export interface FigureTable {
  header: string[];
  rows: string[][];
}

/** One part of the appendix: figures that were measured, or why they were not. */
export type BenchSection =
  | { kind: "measured"; title: string; method: string; tables: FigureTable[]; findings: string[] }
  | { kind: "skipped"; title: string; reason: string };

/** Formats milliseconds with three significant digits, as seconds from one second up. */
export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toPrecision(3)} s` : `${value.toPrecision(3)} ms`;
}

/** Formats a ratio with two decimals and a times sign. */
export function ratio(value: number): string {
  return `${value.toFixed(2)}×`;
}
