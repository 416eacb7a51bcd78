import assert from "node:assert/strict";
import { test } from "node:test";
import { lastDeclaredName, readersOwnCell } from "./peer-kernel.ts";

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

test("bench.kernels: a reader's own cell is the first reader cell under a comment no earlier run wrote (no cells' cache holds it)", () => {
  const cells = [
    "const a = 1;",
    'import { runX } from "./examples/ch37-agent-core/x.ts";\n\nconsole.log(await runX());',
  ];
  const [one, two] = [readersOwnCell(cells), readersOwnCell(cells)];
  assert.ok(one?.endsWith(cells[1]!) && two?.endsWith(cells[1]!), `${one}\n${two}`);
  assert.notEqual(one, two);
  assert.equal(readersOwnCell(["const a = 1;"]), undefined, "no reader cell, no own cell");
});
