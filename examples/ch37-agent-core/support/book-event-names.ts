// Kept apart from the event listing, which imports Pi, so the ledger can read the book's
// list against a release where that listing no longer loads.

/**
 * The ten lifecycle events the book lists, in the order of the lifecycle: a run's, a turn's,
 * the assistant message's and a tool execution's, each inside the one before (events.test.ts
 * holds the list and its order to a tool-using run).
 */
export const BOOK_EVENT_NAMES = [
  "agent_start",
  "turn_start",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "turn_end",
  "agent_end",
] as const;
