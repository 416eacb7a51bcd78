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
