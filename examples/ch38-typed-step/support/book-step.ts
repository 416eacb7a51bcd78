// What the book states about its step(): the names, defaults and strings that tests,
// demonstrations and the ledger compare the listing (step.ts, or a reader's copy) against.
// The listing keeps its own literals, as the book's does; these are the expectations.

export const SUBMIT = "submit";
export const SUBMIT_DESCRIPTION = "Submit the final answer. This ends the task. Call it exactly once.";
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_MAX_TURNS = 10;

/** The messages the book's step() throws, by what ended the run. */
export const bookMessages = {
  invalidSubmissions: (failures: number) => `no valid submission after ${failures} attempt(s)`,
  turnLimit: (turns: number) => `no submission after ${turns} turn(s)`,
  provider: (errorMessageOrStopReason: string) => `model call failed: ${errorMessageOrStopReason}`,
  noSubmit: "the model finished without calling submit",
  notPositive: (option: "maxAttempts" | "maxTurns") => `${option} must be a positive integer`,
  reservedName: 'extraTools must not define the reserved tool name "submit"',
} as const;
