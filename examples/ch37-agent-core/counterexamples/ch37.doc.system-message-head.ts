// ch37.doc.system-message-head: the core's own README says systemPrompt and tools become the
// leading system message "unless messages already starts with one"; the sentence has a condition.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Agent } from "@earendil-works/pi-agent-core";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
// ANCHOR: cases
// The README of the pi-agent-core that is installed (dist/index.js's package).
const readme = readFileSync(
  fileURLToPath(new URL("../README.md", import.meta.resolve("@earendil-works/pi-agent-core"))),
  "utf8",
);

export const run = counterexample(import.meta.url, "ch37.doc.system-message-head", async () => {
  // The README's Agent Options listing, a comment over two lines: read as one sentence.
  const comment = /\/\/ Initial state\.(.*)\n\s*\/\/(.*)\n/.exec(readme);
  const sentence = comment === null ? "" : `${comment[1]!.trim()} ${comment[2]!.trim()}`;
  const { models, model } = scriptedModels();
  const agent = new Agent({
    initialState: { systemPrompt: "Answer briefly.", model },
    streamFn: models.streamSimple.bind(models),
  });
  const head = agent.state.messages[0];
  const documented = /become the leading system message/.test(sentence) && head?.role === "system";
  const unless = /\bunless\b.*/.exec(sentence)?.[0];
  return {
    bookCase: {
      measured: `README.md: "${sentence}"; an Agent with only a systemPrompt: messages[0] is ${head?.role}`,
      bookIsRight: documented,
    },
    otherCase: {
      measured: unless === undefined ? "the README states no condition" : `the same sentence's condition: "${unless}"`,
      bookIsRight: unless === undefined,
    },
  };
});
// ANCHOR_END: cases
