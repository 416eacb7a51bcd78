import assert from "node:assert/strict";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import { relativeImports, sourceFiles } from "./import-graph.ts";
import { PROJECT_ROOT } from "./paths.ts";

// The release matrix runs the ledger per release; the ledger loads the book's code through a
// release's port. So imports between the three folders run one way, and a back edge would
// make them one tangle again (the port used to live in scripts/matrix/ and import both).
const FOLDERS = ["ledger", "matrix", "port"] as const;
type Folder = (typeof FOLDERS)[number];
const ONE_WAY = ["ledger → port", "matrix → ledger", "matrix → port"];

function folderOf(file: string): Folder | undefined {
  const [top, folder] = relative(PROJECT_ROOT, file).split(sep);
  return top === "scripts" ? FOLDERS.find((name) => name === folder) : undefined;
}

/**
 * The folder-level edges among scripts/{ledger,matrix,port}, each with the first import that
 * draws it. Static, type-only, re-export and dynamic `import()` specifiers all count.
 */
function folderEdges(): Map<string, string> {
  const edges = new Map<string, string>();
  for (const from of FOLDERS) {
    for (const file of sourceFiles(join(PROJECT_ROOT, "scripts", from))) {
      for (const { specifier, target } of relativeImports(file)) {
        const to = folderOf(target);
        const edge = `${from} → ${to}`;
        if (to !== undefined && to !== from && !edges.has(edge))
          edges.set(edge, `${relative(PROJECT_ROOT, file)} imports ${specifier}`);
      }
    }
  }
  return edges;
}

test("imports among scripts/matrix, scripts/ledger and scripts/port run one way: matrix → ledger → port, and matrix → port; no back edge", () => {
  const edges = folderEdges();
  const back = [...edges].filter(([edge]) => !ONE_WAY.includes(edge)).map(([edge, where]) => `${edge}: ${where}`);
  assert.deepEqual(back, []);
  // Each allowed edge is drawn today, so a scan that saw no imports could not pass.
  assert.deepEqual([...edges.keys()].sort(), ONE_WAY);
});
