import assert from "node:assert/strict";
import { test } from "node:test";
import { runtimeEdges } from "./runtime-edges.ts";

test("run-time edges: dependencies required, optional dependencies not, peers required unless peerDependenciesMeta marks them optional; dev dependencies ignored", () => {
  const edges = runtimeEdges({
    name: "example",
    version: "1.0.0",
    dependencies: { a: "1.0.0" },
    optionalDependencies: { b: "^2" },
    peerDependencies: { c: "3.x", d: "*" },
    peerDependenciesMeta: { d: { optional: true } },
    devDependencies: { e: "4.0.0" },
  } as Parameters<typeof runtimeEdges>[0]);
  assert.deepEqual(edges, [
    { name: "a", range: "1.0.0", kind: "dependency", required: true },
    { name: "b", range: "^2", kind: "optional", required: false },
    { name: "c", range: "3.x", kind: "peer", required: true },
    { name: "d", range: "*", kind: "peer", required: false },
  ]);
});
