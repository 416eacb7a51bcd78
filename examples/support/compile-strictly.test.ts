import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { compileStrictly, describeDiagnostics } from "./compile-strictly.ts";

// The strict compile ch37.exports.setDefaultStreamFn's counterexample runs: TypeScript 7 over
// the project's tsconfig.json. That it refuses what TypeScript 5.9 refuses is held by
// scripts/listings/native-typescript.test.ts.

const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(join(PROJECT_ROOT, ".cache"), { recursive: true });
// Under .cache/, which tsconfig.json's include does not reach, so no other check sees these files.
const scratch = mkdtempSync(join(PROJECT_ROOT, ".cache", "compile-strictly-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(scratch, name), text);
const root = relative(PROJECT_ROOT, join(scratch, "root.ts"));

test("compile-strictly: each diagnostic with its code, its line in the file and the message's last line", async () => {
  write("dep.ts", "export const n: number = 1;\n");
  write(
    "root.ts",
    'import { n } from "./dep.ts";\nimport { m } from "./later.ts";\nexport const s: string = n;\nexport { m };\n',
  );
  const diagnostics = await compileStrictly(root);
  assert.deepEqual(
    diagnostics.map(({ code, line }) => ({ code, line })).sort((a, b) => a.line! - b.line!),
    [
      { code: 2307, line: 2 },
      { code: 2322, line: 3 },
    ],
  );
  assert.match(
    describeDiagnostics(diagnostics),
    /TS2322 at line 3: Type 'number' is not assignable to type 'string'\./,
  );
});

test("compile-strictly: the project's strictness (an implicit any is refused) and Pi's declarations (a missing member is refused)", async () => {
  write(
    "root.ts",
    'import { Agent } from "@earendil-works/pi-agent-core";\nexport const f = (x) => x;\nexport const g = (a: Agent) => a.noSuchMember;\n',
  );
  assert.deepEqual(
    (await compileStrictly(root)).map(({ code, line }) => ({ code, line })),
    [
      { code: 7006, line: 2 },
      { code: 2339, line: 3 },
    ],
  );
});

test("compile-strictly: a file that type-checks gives no diagnostic", async () => {
  write("root.ts", 'import { Agent } from "@earendil-works/pi-agent-core";\nexport const f = (a: Agent) => a.state;\n');
  assert.deepEqual(await compileStrictly(root), []);
});
