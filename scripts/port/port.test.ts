import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../lib/paths.ts";
import ts from "typescript";
import { fileDiff, portDiff, portedSources } from "./diff.ts";
import { describePort, measuredThroughPort, PORT_1_5, PORT_1_5_OLDER_CORE, portFor } from "./ports.ts";
import { withPortNote } from "./through-port.ts";
import { applyEdits, portEdits } from "./transform.ts";

test("the 1.5 port applies from pi-ai 1.5.0 on, and not before; under an older core (the unpinned install) Static stays TypeBox's", () => {
  assert.equal(portFor("1.4.0", "1.4.0"), undefined);
  assert.equal(portFor("1.0.3", "1.0.3"), undefined);
  assert.equal(portFor("1.5.0", "1.5.0"), PORT_1_5);
  assert.equal(portFor("1.6.0", "1.6.0"), PORT_1_5);
  assert.equal(portFor("1.6.0", "1.0.3"), PORT_1_5_OLDER_CORE);
  assert.equal(portFor("1.5.0", "1.4.0"), PORT_1_5_OLDER_CORE);
  assert.equal(
    describePort(PORT_1_5),
    "the 1.5 port: Type and TSchema from typebox, Static from @earendil-works/pi-schema",
  );
  assert.equal(
    describePort(PORT_1_5_OLDER_CORE),
    "the 1.5 port for an older core: Type, TSchema and Static from typebox",
  );
  assert.equal(PORT_1_5_OLDER_CORE.adapter, PORT_1_5.adapter);
});

test("the port changes import lines only: moved names leave pi-ai, type-only names stay type-only", () => {
  const text = [
    'import { Agent } from "@earendil-works/pi-agent-core";',
    'import { fauxToolCall, Type, type Message } from "@earendil-works/pi-ai";',
    "import type { Api, Static,",
    '  TSchema } from "@earendil-works/pi-ai";',
    "const x = Type.Object({});",
  ].join("\n");
  const ported = applyEdits(text, portEdits(text, PORT_1_5));
  assert.equal(
    ported,
    [
      'import { Agent } from "@earendil-works/pi-agent-core";',
      'import { fauxToolCall, type Message } from "@earendil-works/pi-ai";',
      'import { Type } from "typebox";',
      'import type { Api } from "@earendil-works/pi-ai";',
      'import type { Static } from "@earendil-works/pi-schema";',
      'import type { TSchema } from "typebox";',
      "const x = Type.Object({});",
    ].join("\n"),
  );
  // A mixed import whose moved names are all types becomes `import type`, erased at run time.
  const mixed = 'import { fauxText, type Static } from "@earendil-works/pi-ai";';
  assert.equal(
    applyEdits(mixed, portEdits(mixed, PORT_1_5)),
    'import { fauxText } from "@earendil-works/pi-ai";\nimport type { Static } from "@earendil-works/pi-schema";',
  );
  assert.deepEqual(portEdits('import { Agent } from "@earendil-works/pi-agent-core";', PORT_1_5), []);
});

test("the port's diff, applied with git apply, gives exactly the ported text", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "port-diff-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const lines = Array.from({ length: 20 }, (_, i) => `const line${i} = ${i};`);
  lines.splice(1, 0, 'import { Type } from "@earendil-works/pi-ai";');
  lines.splice(12, 0, 'import type { Static } from "@earendil-works/pi-ai";');
  lines.splice(14, 0, 'import type { TSchema } from "@earendil-works/pi-ai";');
  const text = lines.join("\n") + "\n";
  const edits = portEdits(text, PORT_1_5);
  writeFileSync(join(dir, "x.ts"), text);
  writeFileSync(join(dir, "port.diff"), fileDiff("x.ts", text, edits));
  execFileSync("git", ["apply", "-p1", "port.diff"], {
    cwd: dir,
    env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() },
  });
  assert.equal(readFileSync(join(dir, "x.ts"), "utf8"), applyEdits(text, edits));
});

test("the port's diff against the chapters names every listing that imports Type, Static or TSchema from pi-ai, and nothing else", () => {
  const diff = portDiff(PORT_1_5);
  const files = [...diff.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);
  assert.ok(files.includes("examples/ch37-agent-core/research-agent.ts"));
  assert.ok(files.includes("examples/ch38-typed-step/step.ts"));
  assert.ok(
    files.every((f) => f!.startsWith("examples/ch37-agent-core/") || f!.startsWith("examples/ch38-typed-step/")),
  );
  // Only import declarations change: every other statement of every ported file is the same text.
  const withoutImports = (text: string) =>
    ts
      .createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true)
      .statements.filter((st) => !ts.isImportDeclaration(st))
      .map((st) => st.getFullText())
      .join("");
  for (const [file, ported] of portedSources(PORT_1_5)) {
    assert.equal(withoutImports(ported), withoutImports(readFileSync(join(PROJECT_ROOT, file), "utf8")), file);
  }
});

test("evidence names the port only where a listing the check ran goes through it", () => {
  const url = (file: string) => pathToFileURL(join(PROJECT_ROOT, file)).href;
  const note = `; measured with ${describePort(PORT_1_5)}`;
  // tool-concurrency.ts imports Type from pi-ai; scripts/chapter-tables/ch37/demo-tables.ts reaches research-agent.ts through a relative import.
  assert.equal(
    withPortNote("2 overlapped", [url("examples/ch37-agent-core/tool-concurrency.ts")], PORT_1_5),
    `2 overlapped${note}`,
  );
  // book-event-names.ts imports no Pi module; listings-compile.ts type-checks, it runs no Pi code.
  assert.equal(
    withPortNote("12 names", [url("examples/ch37-agent-core/support/book-event-names.ts")], PORT_1_5),
    "12 names",
  );
  assert.equal(
    withPortNote("0 diagnostics", [url("scripts/ledger/probes/listings-compile.ts")], PORT_1_5),
    "0 diagnostics",
  );
  assert.equal(
    withPortNote("2 overlapped", [url("examples/ch37-agent-core/tool-concurrency.ts")], undefined),
    "2 overlapped",
  );
});

test("appendix B tells evidence measured through a port by the port's note, and no other evidence", () => {
  assert.ok(measuredThroughPort(`2 overlapped; measured with ${describePort(PORT_1_5)}`));
  for (const evidence of [
    "2 overlapped",
    "measured with the 1.5 port",
    "2 overlapped; measured with the 9.9 port: Type from typebox",
  ]) {
    assert.ok(!measuredThroughPort(evidence), evidence);
  }
});
