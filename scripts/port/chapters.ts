/** The folders of the chapters' code that a port applies to (examples/support is the companion's own). */
export const CHAPTER_FOLDERS = ["examples/ch37-agent-core", "examples/ch38-typed-step"] as const;
