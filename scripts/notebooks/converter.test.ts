// The kernel's converter (kernel/converter.cjs) in-process, without a kernel: one program
// and one type checker for the kernel's life, each cell checked as a file beside it.
// These pin what a reader relies on when cells see each other and the project's files.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { after, test } from "node:test";
import type ts from "typescript";
import { PROJECT_ROOT } from "../lib/paths.ts";
// The kernel's TypeScript: the variance store hooked in, as a plainly started kernel loads it.
import { typescript } from "../toolchain/typescript.ts";
import { MAKE_AGENT_CELL } from "./reader-cells.ts";

interface Position {
  line: number;
  character: number;
}
interface KernelDiagnostic {
  start: Position;
  code: number;
  messageText: string;
  fileName?: string;
}
interface Converted {
  output?: string;
  declOutput?: string;
  diagnostics: KernelDiagnostic[];
  hasToplevelAwait?: boolean;
  sideOutputs?: { path: string; data: string }[];
  lastExpressionVar?: string;
}
interface QuickInfo {
  displayParts: { text: string }[];
  documentation: { text: string }[];
}
interface Converter {
  convert(prevDecl: string, src: string): Converted;
  complete(prevDecl: string, src: string, position: number): { start: number; end: number; candidates: string[] };
  inspect(prevDecl: string, src: string, position: number): QuickInfo | undefined;
}

const require = createRequire(import.meta.url);
type KnownCommonJs = Map<string, unknown>;
const { createConverter } = require("./kernel/converter.cjs") as {
  createConverter(options: {
    ts: typeof ts;
    projectRoot: string;
    toCommonJs: (js: string, known: KnownCommonJs) => string;
    tslabConverter: () => never;
    cacheDir?: string;
  }): Converter;
};
const { toCommonJsKeepingMaps } = require("./kernel/stack-traces.cjs") as {
  toCommonJsKeepingMaps(typescript: typeof ts, js: string, projectRoot: string, known?: KnownCommonJs): string;
};

/** The output stays the ES module TypeScript emits, to read it. One for all the tests, as one per kernel. */
const shared = createConverter({
  ts: typescript,
  projectRoot: PROJECT_ROOT,
  toCommonJs: (js) => js,
  tslabConverter: () => assert.fail("tslab's own converter is for completion only"),
});

/** A fresh run of cells, as the executor makes them: a cell's names reach the next only when it compiled. */
function session(conv: Converter = shared) {
  let prevDecl = "";
  const cell = (src: string): Converted => {
    const converted = conv.convert(prevDecl, src);
    if (converted.diagnostics.length === 0) prevDecl = converted.declOutput ?? "";
    return converted;
  };
  // Tab and Shift-Tab with the cursor at the end of `src`, after the cells run so far.
  cell.complete = (src: string) => conv.complete(prevDecl, src, src.length);
  cell.inspect = (src: string) => {
    const info = conv.inspect(prevDecl, src, src.length);
    return info === undefined ? undefined : info.displayParts.map((part) => part.text).join("");
  };
  return cell;
}

const codes = (converted: Converted) => converted.diagnostics.map((d) => d.code);
// Project files of the test's own, under the project root (cells import from there) but
// outside what tsconfig.json includes (.cache/ is ignored), so no other test sees them.
mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
const scratch = mkdtempSync(join(PROJECT_ROOT, ".cache", "converter-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

test("converter: a later cell reads an earlier cell's names from exports, in a shorthand property too", () => {
  const cell = session();
  assert.deepEqual(codes(cell("const model = 'faux';\nconst count = 2;")), []);
  const converted = cell("const run = { model, twice: count * 2 };\nrun");
  assert.deepEqual(codes(converted), []);
  assert.match(converted.output!, /\{ model: exports\.model, twice: exports\.count \* 2 \}/);
  assert.equal(converted.lastExpressionVar, "tsLastExpr");
});

test("converter: a re-run cell that declares the same const shadows the earlier one, with its own type", () => {
  const cell = session();
  cell("const limit = 2;");
  cell("const limit = 'two';");
  assert.deepEqual(codes(cell("const n: number = limit;")), [2322]);
  assert.deepEqual(codes(cell("const s: string = limit;")), []);
});

test("converter: a cell that does not type-check fails with tsc's diagnostic, and its names stay unknown", () => {
  const cell = session();
  const failed = cell('const pending: Promise<number> = Promise.resolve("three");');
  assert.deepEqual(codes(failed), [2322]);
  assert.equal(failed.output, undefined);
  assert.deepEqual(codes(cell("pending")), [2304]);
});

test("converter: @ts-expect-error and @ts-ignore are honoured as tsc honours them, and an unused @ts-expect-error is an error", () => {
  const cell = session();
  assert.deepEqual(codes(cell("// @ts-expect-error\nconst a: string = 1;\n// @ts-ignore\nconst b: number = 'b';")), []);
  assert.deepEqual(codes(cell("// @ts-expect-error\nconst c = 1;")), [2578]);
});

test("converter: a project file's type error fails the cell that imports it, named by its path", () => {
  const file = join(scratch, "broken.ts");
  writeFileSync(file, "export const broken: number = 'not a number';\n");
  const converted = session()(`import { broken } from "./${relative(PROJECT_ROOT, file)}";\nbroken`);
  assert.deepEqual(codes(converted), [2322]);
  assert.equal(converted.diagnostics[0]!.fileName, relative(PROJECT_ROOT, file));
});

test("converter: an edited project file is checked and emitted again; an unchanged one is emitted once", () => {
  const file = join(scratch, "value.ts");
  writeFileSync(file, "export const value: number = 1;\n");
  const cell = session();
  const specifier = `./${relative(PROJECT_ROOT, file)}`;
  const first = cell(`import { value } from "${specifier}";\nvalue`);
  assert.deepEqual(codes(first), []);
  assert.deepEqual(first.sideOutputs?.map((side) => side.path), [file.replace(/\.ts$/, ".js")]);
  assert.equal(cell(`import { value } from "${specifier}";\nvalue`).sideOutputs, undefined);
  // A different size, so the edit is seen even within the file system's mtime resolution.
  writeFileSync(file, "export const value: string = 'two';\n");
  const edited = cell(`import { value } from "${specifier}";\nconst n: number = value;`);
  assert.deepEqual(codes(edited), [2322]);
  const fixed = cell(`import { value } from "${specifier}";\nconst s: string = value;`);
  assert.deepEqual(codes(fixed), []);
  assert.match(fixed.sideOutputs?.[0]?.data ?? "", /'two'/);
});

test("converter: a top-level await is reported so the executor runs the cell in an async function", () => {
  const cell = session();
  assert.equal(cell("const x = await Promise.resolve(1);").hasToplevelAwait, true);
  assert.equal(cell("async function f() { await 1; }").hasToplevelAwait, false);
});

test("converter: a project file created after a cell failed to import it is found when the cell runs again", () => {
  const file = join(scratch, "later.ts");
  const source = `import { later } from "./${relative(PROJECT_ROOT, file)}";\nlater`;
  const cell = session();
  assert.deepEqual(codes(cell(source)), [2307]);
  writeFileSync(file, "export const later = 'here';\n");
  assert.deepEqual(codes(cell(source)), []);
});

// The book's notebook cell: the agent is made in one cell, used in the next. tslab 1.0.22
// completed and inspected with earlier cells' declarations; the kernel's first converter
// passed none (0 matches, `any`).

test("converter.completion: `agent.` in a later cell completes the Agent's members, from the cell that made it", () => {
  const cell = session();
  assert.deepEqual(codes(cell(MAKE_AGENT_CELL)), []);
  const members = cell.complete("agent.");
  assert.ok(members.candidates.includes("prompt") && members.candidates.includes("abort"), members.candidates.join(" "));
  assert.equal(members.start, "agent.".length);
  const typed = cell.complete("await agent.pro");
  assert.equal(typed.candidates[0], "prompt", typed.candidates.join(" "));
  assert.deepEqual([typed.start, typed.end], ["await agent.".length, "await agent.pro".length]);
  assert.ok(cell.complete("makeRes").candidates.includes("makeResearchAgent"));
});

test("converter.inspect: an earlier cell's name shows its type, not any", () => {
  const cell = session();
  assert.deepEqual(codes(cell(MAKE_AGENT_CELL)), []);
  assert.equal(cell.inspect("agent"), "const agent: Agent");
  assert.match(cell.inspect("makeResearchAgent") ?? "", /makeResearchAgent\(models: Models, model: Model<any>, corpus: Corpus\): Agent/);
  assert.equal(cell.inspect(""), undefined);
});

/** A converter as a new kernel makes it, with the cache in `cacheDir`, counting the type-check programs it builds. */
/** A kernel's converter with the cells' cache in `cacheDir`, counting the programs it builds and, with `commonJs`, the CommonJS transpilations it makes (the kernel's own emit step). */
function kernelWithCache(cacheDir: string | undefined, commonJs = false) {
  const built = { programs: 0, transpiled: 0, roots: [] as number[] };
  const counting = new Proxy(typescript, {
    get: (target, key) =>
      key === "createProgram"
        ? (...args: Parameters<typeof ts.createProgram>) => {
            built.programs++;
            // The converter calls the overload that takes one options object.
            const first = args[0] as unknown as ts.CreateProgramOptions | readonly string[];
            built.roots.push(("rootNames" in first ? first.rootNames : first).length);
            return typescript.createProgram(...args);
          }
        : key === "transpileModule"
          ? (...args: Parameters<typeof ts.transpileModule>) => (built.transpiled++, typescript.transpileModule(...args))
          : Reflect.get(target, key),
  });
  const toCommonJs = commonJs ? (js: string, known: KnownCommonJs) => toCommonJsKeepingMaps(counting, js, PROJECT_ROOT, known) : (js: string) => js;
  const conv = createConverter({ ts: counting, projectRoot: PROJECT_ROOT, toCommonJs, tslabConverter: () => assert.fail("not for cells"), cacheDir });
  return { cell: session(conv), built };
}

test("converter.cache: a second kernel transpiles nothing to CommonJS; each cell's and each imported file's comes from the cache, the same text", () => {
  const cacheDir = mkdtempSync(join(scratch, "cells-"));
  const file = join(scratch, "transpiled.ts");
  writeFileSync(file, "export const answer: number = 41;\n");
  const cells = [`import { answer } from "./${relative(PROJECT_ROOT, file)}";`, "const next: number = answer + 1;\nnext"];
  // Less the name each kernel numbers its cells by (//# sourceURL=…/__tslab_cell_N__.js).
  const commonJsOf = (converted: Converted[]) =>
    converted.map((c) => [c.output?.replace(/\/\/# sourceURL=\S+\n$/, ""), ...(c.sideOutputs ?? []).map((side) => side.data)]);

  const first = kernelWithCache(cacheDir, true);
  const made = cells.map((src) => first.cell(src));
  assert.deepEqual(made.map(codes), [[], []]);
  assert.ok(first.built.transpiled >= 3, `the first kernel transpiled the two cells and the file: ${first.built.transpiled}`);
  assert.match(String(made[0]!.sideOutputs?.[0]?.data), /exports\.answer = 41/);

  const second = kernelWithCache(cacheDir, true);
  const again = cells.map((src) => second.cell(src));
  assert.equal(second.built.programs, 0, "the cells came from the cache");
  assert.equal(second.built.transpiled, 0, "a cell from the cache was transpiled again");
  assert.deepEqual(commonJsOf(again), commonJsOf(made));
});

test("converter.cache: a second kernel takes the same cells from the cache without building a program; an edited file or a different earlier cell is checked again", () => {
  const cacheDir = mkdtempSync(join(scratch, "cells-"));
  const file = join(scratch, "cached.ts");
  writeFileSync(file, "export const cached: number = 1;\n");
  const cells = [`import { cached } from "./${relative(PROJECT_ROOT, file)}";`, "const twice: number = cached * 2;\ntwice"];

  const first = kernelWithCache(cacheDir);
  const outputs = cells.map((src) => first.cell(src));
  assert.deepEqual(outputs.map(codes), [[], []]);
  assert.ok(first.built.programs > 0);

  const second = kernelWithCache(cacheDir);
  const again = cells.map((src) => second.cell(src));
  assert.equal(second.built.programs, 0, "the cells came from the cache");
  assert.deepEqual(again.map((c) => c.lastExpressionVar), outputs.map((c) => c.lastExpressionVar));
  assert.deepEqual(again[0]!.sideOutputs?.map((side) => side.path), [file.replace(/\.ts$/, ".js")]);

  // The imported file now fails the second cell: the cache must not answer for it.
  writeFileSync(file, "export const cached: string = 'one';\n");
  const third = kernelWithCache(cacheDir);
  assert.deepEqual(codes(third.cell(cells[0]!)), []);
  assert.deepEqual(codes(third.cell(cells[1]!)), [2362]);
  assert.ok(third.built.programs > 0);

  // The same cell after a different earlier cell is another entry.
  writeFileSync(file, "export const cached: number = 1;\n");
  const fourth = kernelWithCache(cacheDir);
  fourth.cell("const unrelated = 0;");
  fourth.cell(cells[0]!);
  assert.deepEqual(codes(fourth.cell(cells[1]!)), []);
  assert.ok(fourth.built.programs > 0);
});

test("converter.lib-only: once a kernel recorded which files of the whole program declare globals, import-free cells are checked against the lib, @types/node and those files alone, as the whole program checks them; the first cell that imports builds the whole one", () => {
  const cacheDir = mkdtempSync(join(scratch, "cells-"));
  const file = join(scratch, "lib-only.ts");
  writeFileSync(file, "export const cached: number = 1;\n");
  const importing = `import { cached } from "./${relative(PROJECT_ROOT, file)}";\nconst total: number = n + cached;`;

  const recording = kernelWithCache(cacheDir);
  assert.deepEqual(codes(recording.cell(importing.split("\n")[0]!)), []);
  const facts = JSON.parse(readFileSync(join(cacheDir, readdirSync(cacheDir)[0]!, "program.json"), "utf8")) as { globalsBeyondLib: string[] };
  // vega's types bring @types/geojson, whose `export as namespace GeoJSON` is a global.
  assert.deepEqual(facts.globalsBeyondLib, ["node_modules/@types/geojson/index.d.ts"], "the files of the whole program that declare globals");

  const importFree = [
    "const n: number = 1;",
    "const wrong: string = n;",
    'const sized: number = [1, 2].at(0)! + Buffer.from("x").length;',
    "undeclaredName;",
    'const point: GeoJSON.Point = { type: "Point", coordinates: [0, 0] };',
    'const notPoint: GeoJSON.Point = { type: "Line" };',
  ];
  const diagnosticsOf = (converted: Converted[]) => converted.map((c) => c.diagnostics.map((d) => `TS${d.code} ${d.messageText}`));
  const libOnly = kernelWithCache(cacheDir);
  const checked = importFree.map((src) => libOnly.cell(src));
  assert.deepEqual(libOnly.built.roots, [2], "one program, of the lib-only root and the global's file");
  const whole = kernelWithCache(undefined);
  assert.deepEqual(diagnosticsOf(checked), diagnosticsOf(importFree.map((src) => whole.cell(src))));
  assert.ok(whole.built.roots[0]! > 1, "with no record (no cache), the whole program");
  assert.deepEqual(codes(checked[1]!), [2322]);

  assert.deepEqual(codes(libOnly.cell(importing)), [], "an earlier import-free cell's name, with an import");
  // A cell after one taken from the cache that imported: the earlier cell's names need the whole program.
  const afterCached = kernelWithCache(cacheDir);
  assert.deepEqual(codes(afterCached.cell(importing.split("\n")[0]!)), []);
  assert.deepEqual(codes(afterCached.cell("const asText: string = cached;")), [2322]);
  assert.ok(afterCached.built.roots.every((roots) => roots > 2), `after an importing cell: ${afterCached.built.roots.join(", ")}`);

  // The whole program, then again with the imported file (outside examples/) among its roots.
  assert.ok(libOnly.built.roots.slice(1).every((roots) => roots > 2), `the whole program at the first import: ${libOnly.built.roots.join(", ")}`);
});

test("converter.lib-only: a file adds globals when a script declares names, or a module has declare global or export as namespace; a module or a script of declare module \"name\" alone does not", () => {
  const { addsGlobals } = require("./kernel/lib-only-program.cjs") as { addsGlobals(typescript: typeof ts, file: ts.SourceFile): boolean };
  const adds = (text: string) => addsGlobals(typescript, typescript.createSourceFile("file.d.ts", text, typescript.ScriptTarget.ES2022, true));
  assert.equal(adds("declare const everywhere: number;"), true);
  assert.equal(adds('export {};\ndeclare global { interface Array<T> { extra(): T } }'), true);
  assert.equal(adds('export declare const x: number;\nexport as namespace Lib;'), true);
  assert.equal(adds('declare module "vega" { export const spec: number; }'), false);
  assert.equal(adds('declare module "vega" { global { const leaked: number; } }'), true);
  assert.equal(adds("export declare function f(): void;"), false);
});

// deferred-declarations.cjs: the providers' SDKs' declarations stand as stubs until a check reads one.
const SDK_TYPED_CELL = 'import type { OpenAIResponsesOptions } from "@earendil-works/pi-ai";\nconst options: OpenAIResponsesOptions = { serviceTier: 42 };';
const { declaresForEveryFile, everyFileDeclaration } = require("./kernel/deferred-declarations.cjs") as {
  declaresForEveryFile(typescript: typeof ts, entries: string[], options: ts.CompilerOptions, host: ts.ModuleResolutionHost): string | undefined;
  everyFileDeclaration(text: string, found: ts.PreProcessedFileInfo): string | undefined;
};

/**
 * A kernel's converter of its own, the SDKs' declarations deferred unless `deferred` is "off", and
 * how many files its last program held (counted through a proxy of TypeScript, which inspection
 * cannot take: `counted` false leaves it out).
 */
function kernelDeferring(deferred: "on" | "off", counted = true) {
  const saved = process.env.PI_COMPANION_KERNEL_DEFERRED_SDKS;
  const files = { last: 0 };
  const counting = new Proxy(typescript, {
    get: (target, key) =>
      key === "createProgram"
        ? (...args: Parameters<typeof ts.createProgram>) => {
            const program = typescript.createProgram(...args);
            files.last = program.getSourceFiles().length;
            return program;
          }
        : Reflect.get(target, key),
  });
  if (deferred === "off") process.env.PI_COMPANION_KERNEL_DEFERRED_SDKS = "off";
  try {
    const conv = createConverter({ ts: counted ? counting : typescript, projectRoot: PROJECT_ROOT, toCommonJs: (js) => js, tslabConverter: () => assert.fail("not for cells") }) as Converter & {
      deferredDeclarations(): "stubbed" | "read";
    };
    return { conv, cell: session(conv), files };
  } finally {
    if (saved === undefined) delete process.env.PI_COMPANION_KERNEL_DEFERRED_SDKS;
    else process.env.PI_COMPANION_KERNEL_DEFERRED_SDKS = saved;
  }
}

test("converter.deferred-sdks: a notebook's cell is checked with the SDKs' declarations unread; a cell that reaches one (serviceTier, openai's type) is checked again with them and fails as tsc fails it", () => {
  const deferring = kernelDeferring("on");
  assert.deepEqual(codes(deferring.cell(MAKE_AGENT_CELL)), []);
  assert.equal(deferring.conv.deferredDeclarations(), "stubbed", "the research agent's cell reads no SDK declaration");
  const stubbedFiles = deferring.files.last;

  const reaching = deferring.cell(SDK_TYPED_CELL);
  assert.equal(deferring.conv.deferredDeclarations(), "read");
  const eager = kernelDeferring("off");
  const fromTheStart = eager.cell(SDK_TYPED_CELL);
  assert.deepEqual(reaching.diagnostics, fromTheStart.diagnostics, "the same diagnostics as with the SDKs read from the start");
  assert.deepEqual(codes(reaching), [2322], "number is not openai's ServiceTier");
  assert.ok(deferring.files.last > stubbedFiles + 300, `the SDKs' files in the program once read: ${stubbedFiles} → ${deferring.files.last}`);
});

test("converter.deferred-sdks: Shift-Tab on a property an SDK types shows the SDK's type, not any", () => {
  const deferring = kernelDeferring("on", false);
  assert.deepEqual(codes(deferring.cell('import type { OpenAIResponsesOptions } from "@earendil-works/pi-ai";\ndeclare const options: OpenAIResponsesOptions;')), []);
  assert.equal(deferring.conv.deferredDeclarations(), "stubbed", "naming the options' type reads no SDK declaration");
  assert.equal(deferring.cell.inspect("options.serviceTier"), "(property) OpenAIResponsesOptions.serviceTier?: ServiceTier | undefined");
});

test("converter.deferred-sdks: a declaration file declares for every file with declare global, declare module, export as namespace, a lib or non-node types reference, or as a script; a module with a node reference does not", () => {
  const declares = (text: string) => everyFileDeclaration(text, typescript.preProcessFile(text, true, true));
  assert.equal(declares("export declare const x: number;"), undefined);
  assert.equal(declares('/// <reference types="node" />\nimport type { Agent } from "node:http";\nexport declare const agent: Agent;'), undefined);
  assert.equal(declares("export {};\ndeclare global { interface Array<T> { extra(): T } }"), "declare global");
  assert.equal(declares('export {};\ndeclare module "vega" { export const spec: number; }'), 'declare module "name"');
  assert.equal(declares("export declare const x: number;\nexport as namespace Lib;"), "export as namespace");
  assert.equal(declares('/// <reference lib="dom" />\nexport {};'), '/// <reference lib="dom" />');
  assert.equal(declares('/// <reference types="jquery" />\nexport {};'), '/// <reference types="jquery" />');
  assert.match(declares("declare const everywhere: number;") ?? "", /a script/);

  // Through imports and references, as the program would reach the files.
  const dir = mkdtempSync(join(scratch, "sdk-"));
  writeFileSync(join(dir, "index.d.ts"), '/// <reference path="./extra.d.ts" />\nexport * from "./client.js";\n');
  writeFileSync(join(dir, "client.d.ts"), "export declare class Client {}\n");
  writeFileSync(join(dir, "extra.d.ts"), "export {};\n");
  const options = { module: typescript.ModuleKind.NodeNext, moduleResolution: typescript.ModuleResolutionKind.NodeNext };
  assert.equal(declaresForEveryFile(typescript, [join(dir, "index.d.ts")], options, typescript.sys), undefined);
  writeFileSync(join(dir, "client.d.ts"), "export declare class Client {}\ndeclare global { var leaked: Client; }\n");
  assert.equal(declaresForEveryFile(typescript, [join(dir, "index.d.ts")], options, typescript.sys), `${join(dir, "client.d.ts")}: declare global`);
  writeFileSync(join(dir, "client.d.ts"), "export declare class Client {}\n");
  writeFileSync(join(dir, "extra.d.ts"), "declare const fromReference: number;\n");
  assert.match(declaresForEveryFile(typescript, [join(dir, "index.d.ts")], options, typescript.sys) ?? "", /extra\.d\.ts: a script/);
});

test("converter.deferred-sdks: with an SDK file that declares for every file (as recorded for these inputs), the kernel reads the SDKs' declarations from the start", () => {
  const cacheDir = mkdtempSync(join(scratch, "cells-"));
  const recording = kernelWithCache(cacheDir);
  assert.deepEqual(codes(recording.cell(MAKE_AGENT_CELL)), []);
  const factsFile = join(cacheDir, readdirSync(cacheDir)[0]!, "program.json");
  const facts = JSON.parse(readFileSync(factsFile, "utf8")) as { deferredDeclareForAll?: string };
  assert.equal(facts.deferredDeclareForAll, "", "the SDK files the stubs stand for declare nothing for every file");

  writeFileSync(factsFile, JSON.stringify({ ...facts, deferredDeclareForAll: "node_modules/openai/index.d.ts: declare global" }));
  const conv = createConverter({ ts: typescript, projectRoot: PROJECT_ROOT, toCommonJs: (js) => js, tslabConverter: () => assert.fail("not for cells"), cacheDir }) as Converter & {
    deferredDeclarations(): "stubbed" | "read";
  };
  assert.deepEqual(codes(session(conv)("import { Agent } from \"@earendil-works/pi-agent-core\";\nconst made: Agent | undefined = undefined;")), []);
  assert.equal(conv.deferredDeclarations(), "read");
});

test("converter.warm-step: a check service's idle steps check each of examples/' files once, one file a step, then say none remain", () => {
  const checked: string[] = [];
  let projectFiles: string[] = [];
  const counting = new Proxy(typescript, {
    get: (target, key) =>
      key === "createProgram"
        ? (...args: Parameters<typeof ts.createProgram>) => {
            const program = typescript.createProgram(...args);
            projectFiles = program
              .getSourceFiles()
              .map((file) => file.fileName)
              .filter((name) => !name.includes("/node_modules/") && !name.endsWith(".d.ts") && !relative(PROJECT_ROOT, name).startsWith(".."));
            const diagnostics = program.getSemanticDiagnostics.bind(program);
            program.getSemanticDiagnostics = (file, token) => (file !== undefined && checked.push(file.fileName), diagnostics(file, token));
            return program;
          }
        : Reflect.get(target, key),
  });
  const conv = createConverter({ ts: counting, projectRoot: PROJECT_ROOT, toCommonJs: (js) => js, tslabConverter: () => assert.fail("not for cells") }) as Converter & {
    buildProgram(): void;
    warmStep(): boolean;
  };
  conv.buildProgram();
  assert.deepEqual(checked, [], "building the program checks nothing");
  assert.ok(projectFiles.length > 20, `examples/' files in the program: ${projectFiles.length}`);
  let steps = 1;
  while (conv.warmStep()) {
    assert.equal(checked.length, steps, "one file a step");
    steps++;
  }
  assert.deepEqual([...checked].sort(), [...projectFiles].sort(), "every file of examples/ in the program, each once");
  assert.equal(conv.warmStep(), false, "none remain");
  assert.equal(checked.length, projectFiles.length, "and a step after the last checks nothing");
});
