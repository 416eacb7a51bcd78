import assert from "node:assert/strict";
import { test } from "node:test";
import { awaitsAProjectRun } from "./notebook-overhead.ts";

test("bench notebooks: a reader cell imports from ./examples/ and awaits a run; a listing cell or a cell using earlier imports is not one", () => {
  assert.equal(
    awaitsAProjectRun(
      'import { runStepTable } from "./examples/ch38-typed-step/demonstrations/table-runs.ts";\nconsole.log(await runStepTable());',
    ),
    true,
  );
  assert.equal(
    awaitsAProjectRun(
      'import type { StepOptions } from "./examples/ch38-typed-step/step.ts";\nconst o: StepOptions = {};',
    ),
    false,
  );
  assert.equal(awaitsAProjectRun('const miss = await runResearch("quantum");'), false);
  assert.equal(
    awaitsAProjectRun('import { Agent } from "@earendil-works/pi-agent-core";\nawait new Agent({}).prompt("x");'),
    false,
  );
});
