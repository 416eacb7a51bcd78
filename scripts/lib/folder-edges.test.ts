import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { relativeImports, sourceFiles } from "./import-graph.ts";
import { PROJECT_ROOT } from "./paths.ts";

// The folders of scripts/ and the folders each may import: the whole graph, declared here so an
// arrow nobody chose fails the suite. It has no loop, so each folder can be read (and changed)
// knowing only those below it. A folder that needs something from a folder above it moves that
// thing down (the ledger's probes live under the ledger, not in chapter-tables/, which prints
// the chapters' tables through the matrix), or into a module both read (the site and the
// notebooks both render the chapters; neither imports the other).
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  // The base: the command line, paths, atomic writes, the registry, the layout's names.
  lib: [],
  // The pin check and the compile helper.
  toolchain: ["lib"],
  // A release's port of the chapters' import lines.
  port: ["lib", "toolchain"],
  // A reader's listings: loading and checking them.
  listings: ["lib", "toolchain"],
  // The claim ledger, with the probes it runs.
  ledger: ["lib", "listings", "port", "toolchain"],
  // The chapter parser both renderers read; it resolves claim ids in the ledger's catalogue.
  chapters: ["ledger", "lib", "toolchain"],
  // The release matrix runs the ledger per release through the port.
  matrix: ["ledger", "lib", "port", "toolchain"],
  // The chapters' tables, at the pin or at a release (--pi, through the matrix).
  "chapter-tables": ["ledger", "lib", "matrix", "toolchain"],
  // The two renderers of the chapters.
  site: ["chapters", "counterexample", "ledger", "lib", "toolchain"],
  notebooks: ["chapters", "ledger", "lib", "toolchain"],
  // npm run counterexample and npm run errata: the counterexamples run as the ledger judges them.
  counterexample: ["ledger", "lib", "toolchain"],
  // The folder READMEs' maps.
  maps: ["ledger", "lib", "toolchain"],
  // The QA tools, each checking the rest from outside.
  fuzz: ["lib", "listings", "toolchain"],
  mutants: ["counterexample", "ledger", "lib", "listings", "matrix", "toolchain"],
  // The bench times the counterexamples it lists as npm run counterexample does, under this
  // Node and under the Node 22 that test:node22 fetches.
  bench: ["chapters", "counterexample", "lib", "node22", "notebooks", "toolchain"],
  format: ["lib"],
  // npm test, the unit suite and the house's layout test.
  test: ["lib", "maps", "port", "toolchain"],
  node22: ["lib", "test"],
};

const SCRIPTS = join(PROJECT_ROOT, "scripts");

/** The folder of scripts/ a project path lies in, if any. */
function folderOf(path: string): string | undefined {
  const [top, folder, ...rest] = relative(PROJECT_ROOT, path).split(sep);
  return top === "scripts" && folder !== undefined && rest.length > 0 ? folder : undefined;
}

/**
 * The arrows between folders of scripts/ that `files` draw ("from → to"), each with the first
 * import that draws it. Static, type-only, re-export and dynamic `import()` specifiers all count.
 */
function folderEdges(
  files: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, "utf8"),
): Map<string, string> {
  const edges = new Map<string, string>();
  for (const file of files) {
    const from = folderOf(file)!;
    for (const { specifier, target } of relativeImports(file, read(file))) {
      const to = folderOf(target);
      const edge = `${from} → ${to}`;
      if (to !== undefined && to !== from && !edges.has(edge))
        edges.set(edge, `${relative(PROJECT_ROOT, file)} imports ${specifier}`);
    }
  }
  return edges;
}

/** A loop among `edges` ("a → b"), as the folders it passes through ("a → b → a"), or undefined. */
function loopIn(edges: Iterable<string>): string | undefined {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const [from, to] = edge.split(" → ") as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const done = new Set<string>();
  const visit = (folder: string, path: readonly string[]): string | undefined => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder].join(" → ");
    if (done.has(folder)) return undefined;
    for (const to of next.get(folder) ?? []) {
      const loop = visit(to, [...path, folder]);
      if (loop !== undefined) return loop;
    }
    done.add(folder);
    return undefined;
  };
  for (const folder of next.keys()) {
    const loop = visit(folder, []);
    if (loop !== undefined) return loop;
  }
  return undefined;
}

const declared = Object.entries(MAY_IMPORT).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));
const scriptFiles = () => sourceFiles(SCRIPTS).filter((file) => folderOf(file) !== undefined);

/** What the drawn arrows break: each undeclared arrow with the import that draws it, and a loop. */
function problems(edges: ReadonlyMap<string, string>): string[] {
  const undeclared = [...edges]
    .filter(([edge]) => !declared.includes(edge))
    .map(([edge, where]) => `undeclared ${edge}: ${where}`);
  const loop = loopIn(edges.keys());
  return [...undeclared, ...(loop === undefined ? [] : [`loop ${loop}`])];
}

test("the folders of scripts/ are exactly those MAY_IMPORT declares, and the declared graph has no loop", () => {
  const folders = readdirSync(SCRIPTS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  assert.deepEqual(folders.sort(), Object.keys(MAY_IMPORT).sort());
  assert.equal(loopIn(declared), undefined);
});

test("imports between the folders of scripts/ draw only the declared arrows, every one of them, and no loop", () => {
  const edges = folderEdges(scriptFiles());
  assert.deepEqual(problems(edges), []);
  // Each declared arrow is drawn today, so a scan that saw no imports could not pass, and an
  // arrow no longer drawn leaves the list.
  assert.deepEqual([...edges.keys()].sort(), [...declared].sort());
});

test("no file of scripts/ imports itself through others (a file circle, such as the fuzzer's campaign and against.ts importing each other)", () => {
  const edges = scriptFiles().flatMap((file) =>
    relativeImports(file, readFileSync(file, "utf8")).map(
      ({ target }) => `${relative(PROJECT_ROOT, file)} → ${relative(PROJECT_ROOT, target)}`,
    ),
  );
  assert.equal(loopIn(edges), undefined);
});

test("folder graph: a ledger check importing the matrix, planted, is named as undeclared and as a loop", () => {
  const check = join(SCRIPTS, "ledger", "checks", "scope.ts");
  const planted = (file: string) =>
    file === check
      ? `import { PI_OPTION } from "../../matrix/pi-option.ts";\n${readFileSync(file, "utf8")}`
      : readFileSync(file, "utf8");
  assert.deepEqual(problems(folderEdges(scriptFiles(), planted)), [
    "undeclared ledger → matrix: scripts/ledger/checks/scope.ts imports ../../matrix/pi-option.ts",
    "loop ledger → matrix → ledger",
  ]);
});
