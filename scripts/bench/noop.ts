// The baseline for timed child processes: Node and tsx starting, and nothing else.
export {};
