// Cells a reader of chapter 37's notebook writes, for the tests that use a name one cell
// declares in another (completion, inspection, interrupting a prompt).

/** The cell that makes the research agent (with the faux provider) for the cells after it. */
export const MAKE_AGENT_CELL = [
  'import { createModels, fauxAssistantMessage, fauxProvider } from "@earendil-works/pi-ai";',
  'import { makeResearchAgent } from "./examples/ch37-agent-core/research-agent.ts";',
  'import { releaseCorpus } from "./examples/ch37-agent-core/support/corpus.ts";',
  "const faux = fauxProvider();",
  "const models = createModels();",
  "models.setProvider(faux.provider);",
  "const agent = makeResearchAgent(models, faux.getModel(), releaseCorpus);",
].join("\n");

/**
 * An expression, in a cell, for the tsx modules the kernel process has loaded (none is
 * right: kernel/child-flags.cjs). tsx/esm imports esbuild's CommonJS entry, so a kernel
 * that loaded tsx's hooks holds it in require()'s cache.
 */
export const TSX_MODULES_IN_KERNEL = "Object.keys(require.cache).filter((file) => /[\\\\/]node_modules[\\\\/](tsx|esbuild)[\\\\/]/.test(file))";

/** Two cells: the book's step() and its support imported, then a run whose model never submits (StepFailed from step.ts). */
export const STEP_FAILED_CELLS = [
  [
    'import { step } from "./examples/ch38-typed-step/step.ts";',
    'import { scriptedModels } from "./examples/support/scripted.ts";',
    'import { fauxAssistantMessage } from "@earendil-works/pi-ai";',
    'import { INPUT, SYSTEM, Verdict } from "./examples/ch38-typed-step/support/script.ts";',
  ].join("\n"),
  'const silent = scriptedModels([fauxAssistantMessage("no submit")]);\nawait step(silent.models, silent.model, SYSTEM, INPUT, Verdict);',
] as const;

/** Where a StepFailed's trace must point: step.ts and a line and column in it, never the emitted step.js. */
export const STEP_TS_FRAME = /examples\/ch38-typed-step\/step\.ts:\d+:\d+/;
