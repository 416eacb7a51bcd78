import assert from "node:assert/strict";
import { test } from "node:test";
import { inspectTypeExport } from "./type-export.ts";

test("ch37.code.type-export: { Type } from pi-ai is the TypeBox builder at run time and builds the listing's schema", () => {
  const run = inspectTypeExport();
  assert.equal(run.typeofObjectBuilder, "function");
  assert.deepEqual(run.lookupParamsSchema, { type: "object", queryType: "string", required: ["query"] });
});
