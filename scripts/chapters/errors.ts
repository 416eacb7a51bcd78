/** Why a chapter cannot be built. Each kind names the mistake a writer makes. */
export type ChapterProblemKind =
  | "bad-directive"
  | "missing-file"
  | "missing-region"
  | "unterminated-region"
  | "unknown-claim"
  | "compiles-unexpectedly"
  | "wrong-error"
  | "unrun-excerpt";

/** A problem at one line of a chapter source (1-based), with what to do about it. */
export interface ChapterProblem {
  kind: ChapterProblemKind;
  chapter: string;
  line: number;
  message: string;
}

/**
 * Thrown by the markdown-it plugins (their rules cannot return errors), caught by the
 * entry points, which print {@link formatProblem} and write nothing.
 */
export class ChapterBuildError extends Error {
  constructor(readonly problem: ChapterProblem) {
    super(formatProblem(problem));
    this.name = "ChapterBuildError";
  }
}

/** The one line an entry point prints: `chapters/37-agent-core.md:12: message`. */
export function formatProblem(problem: ChapterProblem): string {
  return `${problem.chapter}:${problem.line}: ${problem.message}`;
}

/** What the plugins need to know about the chapter being parsed; passed as markdown-it `env`. */
export interface ChapterEnv {
  [key: string | symbol]: unknown;
  /** Project-relative path of the chapter source, for error messages. */
  chapter: string;
}

/** Throws a {@link ChapterBuildError} for `line` (1-based) of the chapter in `env`. */
export function fail(env: ChapterEnv, line: number, kind: ChapterProblemKind, message: string): never {
  throw new ChapterBuildError({ kind, chapter: env.chapter, line, message });
}
