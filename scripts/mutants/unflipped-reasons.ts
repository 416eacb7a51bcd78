/**
 * Why no shipped patch declares and flips a behavioural claim. Each is a statement about
 * the companion's own code (the book's tool or step()) that Pi's dist/ does not carry; a
 * patch of Pi flips it, if at all, only by stopping the scenario before the claim's case
 * (a surplus flip, which appendix D lists beside the reason). The tests hold every
 * behavioural claim to either a declaring patch or a reason here.
 */
export const UNFLIPPED_REASONS: Readonly<Record<string, string>> = {
  "ch37.lookup.bounded":
    "The bound is the book's own tool: lookupEvidence is a pure function of the project (five matches, an omitted-extras line, excerpt lengths); it calls no Pi code, so no patch of Pi's dist/ reaches it. Only a patch that stops the listing from loading fails it.",
  "ch38.submit.only-success":
    "step()'s own contract: its result is set only inside submit's execute, and prose without a submit throws no-submit. Pi cannot create a value without calling execute, so no one-place patch of the core opens a path to a value that skips submit.",
  "ch38.lookup-only-no-attempt":
    "The attempt counter is step()'s listener, which counts tool_execution_end events of submit only. A Pi patch flips the claim only by ending the run before the turn bound (no-turn-after-tools, prompt-rejects-on-error): the check notices, but that is not the behaviour the claim states.",
  "ch38.config-guards":
    "step() checks maxAttempts, maxTurns and the extra tools' names before it constructs an Agent; no Pi code runs before the guard throws.",
  "ch38.parallel-steps":
    "Each step() call builds its own Agent and keeps its result in a local variable. Even the shared-transcript patch (every Agent without initial messages shares one transcript array) leaves each step's value its own, because the value comes from its own submit's execute.",
};
