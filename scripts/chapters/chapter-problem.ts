import { ChapterBuildError, type ChapterProblem } from "./errors.ts";

/**
 * For tests: the problem a chapter build stops with, or undefined when `build` succeeds.
 * Any other error is rethrown.
 */
export function problemOf(build: () => unknown): ChapterProblem | undefined {
  try {
    build();
  } catch (error) {
    if (error instanceof ChapterBuildError) return error.problem;
    throw error;
  }
  return undefined;
}
