import assert from "node:assert/strict";
import { test } from "node:test";
import { readCatalogue } from "./catalogue.ts";
import { negativeControl } from "./negative-control.ts";
import { allChecks } from "./registry.ts";

test("registry: every catalogue id has exactly one check, and no check has an id outside the catalogue", () => {
  const catalogue = new Set(readCatalogue().map((claim) => claim.id));
  const counts = new Map<string, number>();
  for (const check of allChecks) counts.set(check.id, (counts.get(check.id) ?? 0) + 1);
  const missing = [...catalogue].filter((id) => !counts.has(id));
  const duplicated = [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  const unknown = [...counts.keys()].filter((id) => !catalogue.has(id));
  assert.deepEqual({ missing, duplicated, unknown }, { missing: [], duplicated: [], unknown: [] });
});

test("registry: the negative control is not registered", () => {
  assert.ok(!allChecks.some((check) => check.id === negativeControl.id));
});
