import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { forReader } from "../lib/reader-paths.ts";
import { outputWidth } from "../../examples/support/output-width.ts";

/** Where a counterexample's JSON is kept for `--replay`: a case can be longer than any terminal line. */
export const REPLAY_DIR = join(PROJECT_ROOT, ".cache", "fuzz");

/**
 * Keeps `value` as JSON in `.cache/fuzz/NAME.json` and returns the `--replay` argument that
 * reads it back in the shell, `"$(cat .cache/fuzz/NAME.json)"`, as short as a line must be.
 */
export function replayArgument(name: string, value: unknown): string {
  const file = join(REPLAY_DIR, `${name}.json`);
  writeFileAtomically(file, `${JSON.stringify(value)}\n`);
  return `"$(cat ${forReader("fuzz", file)})"`;
}

/**
 * A command a reader copies, `replay: npm run fuzz -- …`, fitted to `width` columns: broken
 * between words with the shell's ` \\` continuation, so that pasted whole it still runs.
 */
export function commandLine(words: readonly string[], width = 120): string {
  const lines: string[] = [];
  let line = "replay:";
  for (const word of words) {
    if (line.length + 1 + word.length + 2 > width && line !== "replay:") {
      lines.push(`${line} \\`);
      line = `   `;
    }
    line += ` ${word}`;
  }
  return [...lines, line].join("\n");
}

/**
 * The two ways to replay a counterexample, as commands: the campaign's seed and path, and the
 * case itself (kept in `.cache/fuzz/NAME.json`). `which` picks the step() or the reader's file.
 */
export function replayLines(
  which: readonly string[],
  seed: number,
  path: string,
  name: string,
  value: unknown,
): string[] {
  const command = ["npm run fuzz --", ...which];
  return [
    commandLine([...command, "--seed", `${seed}`, "--path", path, "--runs 1"], outputWidth()),
    commandLine([...command, "--replay", replayArgument(name, value)], outputWidth()),
  ];
}
