import assert from "node:assert/strict";
import { test } from "node:test";
import { notebookAsScript } from "./notebook-as-script.ts";

const same = (specifier: string) => specifier;

test("notebook as script: imports gathered once, type-only where every cell imported a type", () => {
  const script = notebookAsScript(
    [
      'import { a, type T } from "./m.ts";\nconsole.log(a);',
      'import { a, b } from "./m.ts";\nimport type { U } from "./n.ts";\nconsole.log(b);',
    ],
    same,
  );
  assert.equal(typeof script, "string");
  assert.match(
    script as string,
    /^import \{ a, type T, b \} from "\.\/m\.ts";\nimport \{ type U \} from "\.\/n\.ts";\n/,
  );
});

test("notebook as script: each cell in its own block, exports dropped, specifiers rewritten", () => {
  const script = notebookAsScript(
    ['import { f } from "./lib.ts";\nexport function f2() { return f(); }\nexport { f2 as g };'],
    (s) => s.replace("./", "../../"),
  );
  assert.equal(script, 'import { f } from "../../lib.ts";\n\n// cell 0\n{\nfunction f2() { return f(); }\n\n}\n');
});

test("notebook as script: a cell's block sits inside the earlier cell's, so it reads that cell's names and may declare them again", () => {
  const script = notebookAsScript(
    ["const rows = [1, 2];", "console.log(rows.length);", "const rows = 'shadowed';\nconsole.log(rows);"],
    same,
  );
  assert.equal(
    script,
    "\n\n// cell 0\n{const rows = [1, 2];\n\n// cell 1\n{console.log(rows.length);\n\n// cell 2\n{const rows = 'shadowed';\nconsole.log(rows);\n\n}}}\n",
  );
});

test("notebook as script: one name imported from two modules is a problem value, not a broken script", () => {
  const script = notebookAsScript(['import { x } from "./a.ts";', 'import { x } from "./b.ts";'], same);
  assert.deepEqual(script, {
    kind: "conflicting-import",
    message: "cell 1 imports x from ./b.ts, an earlier cell from ./a.ts",
  });
});

test("notebook as script: with a times file, the script writes each cell's milliseconds there, one per cell", async () => {
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { spawnSync } = await import("node:child_process");
  const dir = mkdtempSync(join(tmpdir(), "notebook-as-script-"));
  try {
    const times = join(dir, "times.json");
    const script = notebookAsScript(
      [
        "const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));",
        "await wait(60);",
        "console.log('done');",
      ],
      same,
      times,
    );
    writeFileSync(join(dir, "script.mts"), script as string);
    const run = spawnSync(process.execPath, ["--import", "tsx", join(dir, "script.mts")], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const ms = JSON.parse(readFileSync(times, "utf8")) as number[];
    assert.equal(ms.length, 3);
    // The wait is in cell 1: its time holds the 60 ms, cell 0 only declares a function.
    assert.ok(ms[1]! >= 55 && ms[1]! > ms[0]!, JSON.stringify(ms));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
