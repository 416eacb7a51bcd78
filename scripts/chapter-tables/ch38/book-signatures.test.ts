import assert from "node:assert/strict";
import { test } from "node:test";
import { compileFiles } from "../../toolchain/compile.ts";
import { isInstallProblem, readInstalledPi } from "../../toolchain/pin.ts";

// A reader types the book's calls against examples/: they must compile under the project's
// strict settings, or a reader's copy of the book could not stand in for our listings.
const FILE = "examples/ch38-typed-step/fixtures/book-signatures.ts";

test("ch37.code.listing-compiles, ch38.code.listing-compiles: code written to the book's signatures compiles against examples/ (StepFailed(message, kind), lookupEvidence(record), details.hits, extraTools, three StepOptions fields)", () => {
  const installed = readInstalledPi();
  if (isInstallProblem(installed)) throw new Error(installed.message);
  const diagnostics = compileFiles([FILE], installed.dirs);
  assert.deepEqual(
    diagnostics.map((d) => `TS${d.code} ${d.file}:${d.line} ${d.message.split("\n")[0]}`),
    [],
  );
});

test("ch37.code.listing-compiles, ch38.code.listing-compiles: the listings export at run time exactly what the book's do, nothing more", async () => {
  const agentModule = await import("../../../examples/ch37-agent-core/research-agent.ts");
  const stepModule = await import("../../../examples/ch38-typed-step/step.ts");
  assert.deepEqual(Object.keys(agentModule).sort(), ["lookupEvidence", "makeResearchAgent"]);
  assert.deepEqual(Object.keys(stepModule).sort(), ["StepFailed", "step"]);
});
