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
