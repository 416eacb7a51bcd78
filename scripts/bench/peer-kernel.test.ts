import assert from "node:assert/strict";
import { test } from "node:test";
import { lastDeclaredName } from "./peer-kernel.ts";

test("bench.kernels: completion is asked on the last name the cells declare with const or let, a name from an earlier cell", () => {
  assert.equal(
    lastDeclaredName([
      "const faux = fauxProvider();\nconst agent = makeResearchAgent(models, model, corpus);",
      "await agent.prompt('x');",
    ]),
    "agent",
  );
  assert.equal(lastDeclaredName(["let rows: Row[] = [];\n  const inner = 1;"]), "rows");
  assert.equal(lastDeclaredName(["console.log(1);"]), undefined);
});
