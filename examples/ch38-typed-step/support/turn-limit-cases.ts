import type { AssistantMessage } from "@earendil-works/pi-ai";
import { stepWithoutTurnBound, stepWithUnfixedGuard } from "../earlier-versions.ts";
import { step } from "../step.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_MAX_TURNS } from "./book-step.ts";
import type { StepFunction } from "./measure.ts";
import { lookup, submit, toolUse } from "./script.ts";

// The bug history's cases and the book's two figures: what turn-limit-chart.ts draws, and
// what demonstrations/turn-limit-table.ts measures and prints.

/** The three versions of step(), in the order the chapter tells of them. */
export const versions = [
  { variant: "no-turn-bound", run: stepWithoutTurnBound },
  { variant: "unfixed-guard", run: stepWithUnfixedGuard },
  { variant: "fixed", run: step },
] as const satisfies readonly { variant: string; run: StepFunction }[];

export type Variant = (typeof versions)[number]["variant"];

/** The two scripted models of the bug history. */
export const scenarios = {
  "never submits": () => toolUse(lookup()),
  "submit + lookup every turn": () => toolUse(submit({ verdict: "supported" }), lookup()),
} as const satisfies Record<string, () => AssistantMessage>;

export type Scenario = keyof typeof scenarios;

/** One scripted run: which model, how long its script is, and the bounds. */
export interface TurnLimitCase {
  scenario: Scenario;
  scriptedResponses: number;
  maxTurns: number;
  maxAttempts: number;
}

/** One row of the side-by-side table (the `--json` contract). */
export interface TurnLimitRow extends TurnLimitCase {
  variant: Variant;
  providerRequests: number;
  streamFnCalls: number;
  turns: number;
  outcome: string;
  /** How the run's last response failed, if it did (not part of the JSON rows). */
  lastErrorMessage: string | undefined;
  /** The stop reason of the run's last assistant message (not part of the JSON rows). */
  lastStopReason: string | undefined;
}

/**
 * The book's figures, each with the case that reproduces it here. The script lengths are
 * ours: the book does not give them, and the table shows they decide the count.
 */
export const BOOK_FIGURES = {
  noTurnBound: {
    requests: 31,
    variant: "no-turn-bound",
    case: {
      scenario: "never submits",
      scriptedResponses: 30,
      maxTurns: DEFAULT_MAX_TURNS,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
    },
  },
  unfixedGuard: {
    requests: 7,
    variant: "unfixed-guard",
    case: {
      scenario: "submit + lookup every turn",
      scriptedResponses: 6,
      maxTurns: 2,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
    },
  },
} as const satisfies Record<string, { requests: number; variant: Variant; case: TurnLimitCase }>;

// Each scenario starts with the case of a book figure; the rest vary one thing at a time.
export const turnLimitCases: readonly TurnLimitCase[] = [
  BOOK_FIGURES.noTurnBound.case,
  { scenario: "never submits", scriptedResponses: 20, maxTurns: DEFAULT_MAX_TURNS, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  { scenario: "never submits", scriptedResponses: 40, maxTurns: DEFAULT_MAX_TURNS, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  { scenario: "never submits", scriptedResponses: 30, maxTurns: DEFAULT_MAX_TURNS, maxAttempts: 1 },
  { scenario: "never submits", scriptedResponses: 30, maxTurns: DEFAULT_MAX_TURNS, maxAttempts: 8 },
  { scenario: "never submits", scriptedResponses: 30, maxTurns: 4, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  BOOK_FIGURES.unfixedGuard.case,
  { scenario: "submit + lookup every turn", scriptedResponses: 4, maxTurns: 2, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  { scenario: "submit + lookup every turn", scriptedResponses: 12, maxTurns: 2, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  { scenario: "submit + lookup every turn", scriptedResponses: 6, maxTurns: 3, maxAttempts: DEFAULT_MAX_ATTEMPTS },
  { scenario: "submit + lookup every turn", scriptedResponses: 6, maxTurns: 2, maxAttempts: 1 },
];
