// ch37.exports.setDefaultStreamFn: the registered default does serve Agents built without a
// streamFn, but the declarations make streamFn required, so strict TypeScript refuses them.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Agent, setDefaultStreamFn, type AgentOptions } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";

// How the installed declarations type AgentOptions.streamFn: "streamFn: StreamFn;" is required.
const declarations = readFileSync(
  fileURLToPath(new URL("agent.d.ts", import.meta.resolve("@earendil-works/pi-agent-core"))),
  "utf8",
);

export const run = counterexample(import.meta.url, "ch37.exports.setDefaultStreamFn", async () => {
  const { models, model } = scriptedModels([reply("First answer."), reply("Second answer.")]);
  let served = 0;
  setDefaultStreamFn((m, context, options) => (served++, models.streamSimple(m, context, options)));
  // JavaScript, or TypeScript that casts: the options leave streamFn out.
  const withoutStreamFn = { initialState: { systemPrompt: "Answer briefly.", model } } as AgentOptions;
  for (const question of ["First?", "Second?"]) await new Agent(withoutStreamFn).prompt(question);
  setDefaultStreamFn(undefined);
  const declared = /interface AgentOptions \{[^}]*?\n\s*(streamFn\??: [^;]+;)/.exec(declarations)?.[1];
  if (declared === undefined) throw new Error("agent.d.ts declares no AgentOptions.streamFn: read it again");
  return {
    bookCase: {
      measured: `two Agents constructed without streamFn after setDefaultStreamFn(): the default served ${served} of 2 requests`,
      bookIsRight: served === 2,
    },
    otherCase: {
      measured: `strict TypeScript: AgentOptions declares ${declared}, so new Agent({ initialState }) does not compile`,
      bookIsRight: declared.startsWith("streamFn?:"),
    },
  };
});
