import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { brokenEdges, dependencyClosure } from "./closure.ts";
import { classifyUi } from "./ui-rule.ts";

// The installed tree, built in a temporary folder (a committed node_modules/ would be ignored by git).
const TREE: Record<string, object> = {
  "node_modules/root-pkg": {
    name: "root-pkg",
    version: "1.0.0",
    dependencies: { a: "^1.0.0", shared: "^2.0.0" },
    optionalDependencies: { "platform-binary": "1.0.0" },
    peerDependencies: { "maybe-peer": "^1.0.0" },
    peerDependenciesMeta: { "maybe-peer": { optional: true } },
    devDependencies: { "dev-only": "1.0.0" },
  },
  "node_modules/root-pkg/node_modules/shared": { name: "shared", version: "2.0.0", keywords: ["utility"] },
  "node_modules/a": {
    name: "a",
    version: "1.2.0",
    description: "Runs in Node, browsers and React Native",
    dependencies: { shared: "^1.0.0", ink: "^5.0.0", "missing-required": "^1.0.0" },
  },
  "node_modules/shared": { name: "shared", version: "1.0.0" },
  "node_modules/ink": { name: "ink", version: "5.0.0", keywords: ["react", "cli", "terminal"] },
  "node_modules/dev-only": { name: "dev-only", version: "1.0.0", keywords: ["tui"] },
};

const base = mkdtempSync(join(tmpdir(), "ledger-closure-"));
for (const [dir, pkg] of Object.entries(TREE)) {
  mkdirSync(join(base, dir), { recursive: true });
  writeFileSync(join(base, dir, "package.json"), JSON.stringify(pkg));
}
after(() => rmSync(base, { recursive: true, force: true }));
const ROOT = join(base, "node_modules/root-pkg");

test("ch37.deps.pi-ai-graph-no-ui: the walk resolves as Node does (nearest node_modules first) and skips dev dependencies", () => {
  const closure = dependencyClosure(ROOT);
  const found = closure.packages.map((p) => `${p.name}@${p.version} ${p.location} via ${p.via}`);
  assert.deepEqual(found, [
    "a@1.2.0 node_modules/a via root-pkg",
    "ink@5.0.0 node_modules/ink via a",
    "root-pkg@1.0.0 node_modules/root-pkg via (root)",
    "shared@2.0.0 node_modules/root-pkg/node_modules/shared via root-pkg",
    "shared@1.0.0 node_modules/shared via a",
  ]);
});

test("ch37.deps.pi-ai-graph-no-ui: a UI package deep in the graph is found, with the reason", () => {
  const ui = dependencyClosure(ROOT).packages.filter((p) => p.ui.ui);
  assert.deepEqual(
    ui.map((p) => [p.name, p.ui.reason]),
    [["ink", "name ink is on the UI list"]],
  );
});

test("ch37.deps.pi-ai-graph-no-ui: a missing required dependency breaks the closure; absent optional ones do not", () => {
  const closure = dependencyClosure(ROOT);
  assert.deepEqual(
    brokenEdges(closure).map((u) => `${u.from} -> ${u.name}`),
    ["a -> missing-required"],
  );
  assert.deepEqual(
    closure.unresolved.filter((u) => !u.required).map((u) => `${u.kind} ${u.name}`),
    ["optional platform-binary", "peer maybe-peer"],
  );
});

test("UI rule: a UI keyword counts; a description mentioning React Native does not", () => {
  assert.equal(classifyUi({ name: "some-widgets", keywords: ["TUI"] }).ui, true);
  assert.equal(classifyUi({ name: "@inquirer/core" }).ui, true);
  const bedrockLike = {
    name: "@aws-sdk/client-bedrock-runtime",
    keywords: [],
    description: "for Node.js, Browser and React Native",
  };
  assert.equal(classifyUi(bedrockLike).ui, false);
});
