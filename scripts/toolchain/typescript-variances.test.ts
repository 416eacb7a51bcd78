import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";

const require = createRequire(import.meta.url);
const { hookedTypeScriptSource } = require("./typescript-variances.cjs") as {
  hookedTypeScriptSource: (text: string) => string | undefined;
};
const DRIVER = join(PROJECT_ROOT, "scripts", "toolchain", "fixtures", "variance-check.cjs");

// The sources sit inside the project, so that Pi and TypeBox resolve from its node_modules.
mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
const scratch = mkdtempSync(join(PROJECT_ROOT, ".cache", "variance-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

// A typed tool in `AgentTool<any>[]` (the book's research agent does this), and one assigned
// where another schema is declared: TypeScript needs AgentTool's variance for both.
const TOOLS = `import type { AgentTool } from "@earendil-works/pi-agent-core";
import { Type } from "typebox";
const query = Type.Object({ q: Type.String() });
const count = Type.Object({ q: Type.Number() });
export const lookup: AgentTool<typeof query> = {
  name: "lookup",
  label: "Lookup",
  description: "finds q",
  parameters: query,
  execute: async (_id, params) => ({ content: [{ type: "text", text: params.q }], details: {} }),
};
export const tools: AgentTool<any>[] = [lookup];
export const counted: AgentTool<typeof count> = lookup;
`;
const toolsFile = join(scratch, "tools.ts");
writeFileSync(toolsFile, TOOLS);

interface Checked {
  diagnostics?: string[];
  counts?: { hits: number; kept: number; verified: number };
  thrown?: string;
}

type Mode = "plain" | "on" | "verify";

/** One checker for each of `modes`, in turn, in one process (a store is installed once a process). */
function checks(modes: Mode[], store: string, roots: string[], options = {}): Checked[] {
  const out = execFileSync(process.execPath, [DRIVER, modes.join(), store, JSON.stringify(options), ...roots], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  return JSON.parse(out) as Checked[];
}

// The checks of the lib alone run on the two lib files Promise needs, in under a second.
const LIB_ONLY = { lib: ["lib.es5.d.ts", "lib.es2015.promise.d.ts"] };
const check = (mode: Mode, store: string, roots: string[], options = {}): Checked =>
  checks([mode], store, roots, { ...LIB_ONLY, ...options })[0]!;

const storeFiles = (store: string) => {
  try {
    return readdirSync(store).filter((name) => name.endsWith(".json"));
  } catch {
    return [];
  }
};

test("typescript-variances: the pinned TypeScript has getVariancesWorker where the hook goes, once", () => {
  const text = readFileSync(require.resolve("typescript"), "utf8");
  const hooked = hookedTypeScriptSource(text);
  assert.ok(hooked !== undefined, "typescript.js no longer has getVariancesWorker as 5.9.3 ships it");
  assert.equal(hooked.split("keptKey").length - 1, 5);
  assert.equal(
    hookedTypeScriptSource(text.replace("function getVariancesWorker(", "function getVariances2(")),
    undefined,
  );
});

test("typescript-variances: a checker that reads AgentTool's variance from the store gives plain TypeScript's diagnostics", () => {
  const store = join(scratch, "store-agent-tool");
  const [plain, filling, served] = checks(["plain", "on", "on"], store, [toolsFile]);
  assert.ok(
    plain.diagnostics!.some((line) => line.startsWith("tools.ts:13 TS2322 Type 'AgentTool<TObject<{ q: TString; }>")),
    `expected the tool with another schema to be refused: ${plain.diagnostics}`,
  );
  assert.deepEqual(filling.diagnostics, plain.diagnostics);
  assert.deepEqual(served.diagnostics, plain.diagnostics);
  assert.ok(filling.counts!.kept >= 1 && filling.counts!.hits === 0, JSON.stringify(filling.counts));
  assert.ok(
    served.counts!.hits >= 1,
    `the second checker read nothing from the store: ${JSON.stringify(served.counts)}`,
  );
  const [file] = storeFiles(store);
  const kept = JSON.parse(readFileSync(join(store, file!), "utf8")) as Record<string, number[]>;
  assert.ok(
    Object.keys(kept).some((key) => key.startsWith("AgentTool ") && key.includes("pi-agent-core")),
    Object.keys(kept).join("\n"),
  );
});

// The cases below need only the lib: Promise<string> where Promise<number> is declared asks for
// Promise's variance, in about a second where AgentTool's takes several.
const promiseFile = join(scratch, "promise.ts");
writeFileSync(promiseFile, `export const p: Promise<number> = Promise.resolve("x") as Promise<string>;\n`);
const PROMISE_ERROR = "promise.ts:1 TS2322 Type 'Promise<string>' is not assignable to type 'Promise<number>'.";

test("typescript-variances: the checker uses what the store says (a wrong kept variance loses the error), and verify refuses it", () => {
  const store = join(scratch, "store-poisoned");
  const filling = check("on", store, [promiseFile]);
  assert.ok(
    filling.diagnostics!.some((line) => line.startsWith(PROMISE_ERROR)),
    String(filling.diagnostics),
  );
  const verified = check("verify", store, [promiseFile]);
  assert.deepEqual(verified.diagnostics, filling.diagnostics);
  assert.ok(verified.counts!.verified >= 1 && verified.counts!.hits === 0, JSON.stringify(verified.counts));
  const [file] = storeFiles(store);
  const path = join(store, file!);
  const kept = JSON.parse(readFileSync(path, "utf8")) as Record<string, number[]>;
  const key = Object.keys(kept).find((k) => k.startsWith("Promise "))!;
  // 4 is TypeScript's VarianceFlags.Independent: any Promise<X> is then a Promise<Y>.
  writeFileSync(path, JSON.stringify({ ...kept, [key]: [4] }));
  const served = check("on", store, [promiseFile]);
  assert.deepEqual(served.diagnostics, [], "the store's variance was not used");
  assert.match(
    check("verify", store, [promiseFile]).thrown ?? "",
    /^the variance store says Promise .* has variances \[4\], and TypeScript measured \[1\]$/,
  );
});

test("typescript-variances: a project file that could change an outside symbol, or another option, keeps and reads nothing of this store", () => {
  const store = join(scratch, "store-guarded");
  check("on", store, [promiseFile]);
  const before = storeFiles(store);
  assert.equal(before.length, 1);
  const nothing = { hits: 0, kept: 0, verified: 0 };
  const augment = join(scratch, "augment.ts");
  writeFileSync(augment, `export {};\ndeclare module "typebox" {\n  interface TSchema {\n    extra?: 1;\n  }\n}\n`);
  assert.deepEqual(check("on", store, [promiseFile, augment]).counts, nothing, "a module augmentation");
  const declared = join(scratch, "declared.ts");
  writeFileSync(declared, `export {};\ndeclare global {\n  interface Promise<T> {\n    extra?: T;\n  }\n}\n`);
  assert.deepEqual(check("on", store, [promiseFile, declared]).counts, nothing, "declare global");
  assert.deepEqual(storeFiles(store), before);
  // Under NodeNext every file of a "type": "module" project is a module; with legacy detection
  // a file with no import or export is a script, whose interfaces merge into the lib's.
  const script = join(scratch, "script.ts");
  writeFileSync(script, `interface Promise<T> {\n  extra?: T;\n}\n`);
  const legacy = { moduleDetection: 1 };
  assert.deepEqual(check("on", store, [promiseFile, script], legacy).counts, nothing, "a global script");
  const loose = check("on", store, [promiseFile], legacy);
  assert.ok(loose.counts!.hits === 0 && loose.counts!.kept >= 1, JSON.stringify(loose.counts));
  assert.equal(storeFiles(store).length, 2, "another moduleDetection shared the store file");
});

test("typescript-variances: a new store file leaves the newest KEPT_PROGRAMS files, so .cache does not grow without end", () => {
  const store = join(scratch, "store-pruned");
  mkdirSync(store, { recursive: true });
  const { KEPT_PROGRAMS } = require("./typescript-variances.cjs") as { KEPT_PROGRAMS: number };
  for (let i = 0; i < KEPT_PROGRAMS; i++) {
    const old = join(store, `old-${i}.json`);
    writeFileSync(old, "{}");
    utimesSync(old, 1_000_000 + i, 1_000_000 + i);
  }
  const filled = check("on", store, [promiseFile]);
  assert.ok(filled.counts!.kept >= 1, JSON.stringify(filled.counts));
  const left = storeFiles(store);
  assert.equal(left.length, KEPT_PROGRAMS);
  assert.ok(!left.includes("old-0.json") && left.includes(`old-${KEPT_PROGRAMS - 1}.json`), left.join(" "));
});
