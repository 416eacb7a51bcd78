// ch37.exports.setDefaultStreamFn: the registered default does serve Agents built without a
// streamFn, but the declarations make streamFn required, so strict TypeScript refuses them.
import { Agent, setDefaultStreamFn, type AgentOptions } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply } from "@earendil-works/pi-ai";
import { compileStrictly, describeDiagnostics, nativeTypeScript } from "../../support/compile-strictly.ts";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
// ANCHOR: cases
// The same construction typed: new Agent({ initialState }) with no cast, left to strict TypeScript.
const TYPED = "examples/ch37-agent-core/demonstrations/default-stream-fn.fails-to-compile.ts";

export const run = counterexample(import.meta.url, "ch37.exports.setDefaultStreamFn", async () => {
  const compiling = compileStrictly(TYPED); // in its own process, while the Agents run
  const { models, model } = scriptedModels([reply("First answer."), reply("Second answer.")]);
  let served = 0;
  setDefaultStreamFn((m, context, options) => (served++, models.streamSimple(m, context, options)));
  // JavaScript, or TypeScript that casts: the options leave streamFn out.
  const withoutStreamFn = { initialState: { systemPrompt: "Answer briefly.", model } } as AgentOptions;
  for (const question of ["First?", "Second?"]) await new Agent(withoutStreamFn).prompt(question);
  setDefaultStreamFn(undefined);
  const refused = await compiling;
  return {
    bookCase: {
      measured: `two Agents constructed without streamFn after setDefaultStreamFn(): the default served ${served} of 2 requests`,
      bookIsRight: served === 2,
    },
    otherCase: {
      measured: `strict TypeScript ${nativeTypeScript().version} (tsconfig.json): ${TYPED} ${refused.length === 0 ? "compiles" : `does not compile: ${describeDiagnostics(refused)}`}`,
      bookIsRight: refused.length === 0,
    },
  };
});
// ANCHOR_END: cases
