import assert from "node:assert/strict";
import { test } from "node:test";
import { notebookAsScript } from "./notebook-as-script.ts";

const same = (specifier: string) => specifier;

test("notebook as script: imports gathered once, type-only where every cell imported a type", () => {
  const script = notebookAsScript(
    ['import { a, type T } from "./m.ts";\nconsole.log(a);', 'import { a, b } from "./m.ts";\nimport type { U } from "./n.ts";\nconsole.log(b);'],
    same,
  );
  assert.equal(typeof script, "string");
  assert.match(script as string, /^import \{ a, type T, b \} from "\.\/m\.ts";\nimport \{ type U \} from "\.\/n\.ts";\n/);
});

test("notebook as script: each cell in its own block, exports dropped, specifiers rewritten", () => {
  const script = notebookAsScript(['import { f } from "./lib.ts";\nexport function f2() { return f(); }\nexport { f2 as g };'], (s) => s.replace("./", "../../"));
  assert.equal(script, 'import { f } from "../../lib.ts";\n\n// cell 0\n{\nfunction f2() { return f(); }\n\n}\n');
});

test("notebook as script: a cell's block sits inside the earlier cell's, so it reads that cell's names and may declare them again", () => {
  const script = notebookAsScript(["const rows = [1, 2];", "console.log(rows.length);", "const rows = 'shadowed';\nconsole.log(rows);"], same);
  assert.equal(
    script,
    "\n\n// cell 0\n{const rows = [1, 2];\n\n// cell 1\n{console.log(rows.length);\n\n// cell 2\n{const rows = 'shadowed';\nconsole.log(rows);\n\n}}}\n",
  );
});

test("notebook as script: one name imported from two modules is a problem value, not a broken script", () => {
  const script = notebookAsScript(['import { x } from "./a.ts";', 'import { x } from "./b.ts";'], same);
  assert.deepEqual(script, { kind: "conflicting-import", message: "cell 1 imports x from ./b.ts, an earlier cell from ./a.ts" });
});
