import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { releaseColumn, unpinnedColumn } from "../columns.ts";
import { readCompleteInstall } from "../install-cache.ts";
import { RELEASES_CACHE } from "../paths.ts";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { portedURL } from "../release-hook.ts";
import ts from "typescript";
import { checkPortAgainst, fileDiff, portDiff, portedSources } from "./diff.ts";
import { describePort, measuredThroughPort, PORT_1_5, PORT_1_5_OLDER_CORE, portFor } from "./ports.ts";
import { withPortNote } from "./through-port.ts";
import { applyEdits, portEdits } from "./transform.ts";

const NEWEST = "1.6.0";

test("the 1.5 port applies from pi-ai 1.5.0 on, and not before; under an older core (the unpinned install) Static stays TypeBox's", () => {
  assert.equal(portFor("1.4.0", "1.4.0"), undefined);
  assert.equal(portFor("1.0.3", "1.0.3"), undefined);
  assert.equal(portFor("1.5.0", "1.5.0"), PORT_1_5);
  assert.equal(portFor("1.6.0", "1.6.0"), PORT_1_5);
  assert.equal(portFor("1.6.0", "1.0.3"), PORT_1_5_OLDER_CORE);
  assert.equal(portFor("1.5.0", "1.4.0"), PORT_1_5_OLDER_CORE);
  assert.equal(describePort(PORT_1_5), "the 1.5 port: Type and TSchema from typebox, Static from @earendil-works/pi-schema");
  assert.equal(describePort(PORT_1_5_OLDER_CORE), "the 1.5 port for an older core: Type, TSchema and Static from typebox");
  assert.equal(PORT_1_5_OLDER_CORE.adapter, PORT_1_5.adapter);
});

test("the port changes import lines only: moved names leave pi-ai, type-only names stay type-only", () => {
  const text = [
    'import { Agent } from "@earendil-works/pi-agent-core";',
    'import { fauxToolCall, Type, type Message } from "@earendil-works/pi-ai";',
    'import type { Api, Static,',
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
  assert.equal(applyEdits(mixed, portEdits(mixed, PORT_1_5)), 'import { fauxText } from "@earendil-works/pi-ai";\nimport type { Static } from "@earendil-works/pi-schema";');
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
  execFileSync("git", ["apply", "-p1", "port.diff"], { cwd: dir, env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() } });
  assert.equal(readFileSync(join(dir, "x.ts"), "utf8"), applyEdits(text, edits));
});

test("the port's diff against the chapters names every listing that imports Type, Static or TSchema from pi-ai, and nothing else", () => {
  const diff = portDiff(PORT_1_5);
  const files = [...diff.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);
  assert.ok(files.includes("examples/ch37-agent-core/research-agent.ts"));
  assert.ok(files.includes("examples/ch38-typed-step/step.ts"));
  assert.ok(files.every((f) => f!.startsWith("examples/ch37-agent-core/") || f!.startsWith("examples/ch38-typed-step/")));
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

test("the hook serves the port's adapter to the chapters' modules, not to type-export.ts (printed as is), examples/support or node_modules", () => {
  const url = (file: string) => pathToFileURL(join(PROJECT_ROOT, file)).href;
  const adapter = pathToFileURL(join(PROJECT_ROOT, "scripts/matrix/port/pi-ai-1.5.ts")).href;
  assert.equal(portedURL("@earendil-works/pi-ai", url("examples/ch37-agent-core/research-agent.ts"), PORT_1_5), adapter);
  assert.equal(portedURL("@earendil-works/pi-ai", url("examples/ch38-typed-step/step.ts"), PORT_1_5), adapter);
  assert.equal(portedURL("@earendil-works/pi-ai", url("examples/ch37-agent-core/type-export.ts"), PORT_1_5), undefined);
  assert.equal(portedURL("@earendil-works/pi-ai", url("scripts/toolchain/pin.ts"), PORT_1_5), undefined);
  assert.equal(portedURL("@earendil-works/pi-ai", url("scripts/matrix/port/pi-ai-1.5.ts"), PORT_1_5), undefined);
  assert.equal(portedURL("@earendil-works/pi-ai", url("examples/ch37-agent-core/node_modules/x/y.js"), PORT_1_5), undefined);
  assert.equal(portedURL("@earendil-works/pi-agent-core", url("examples/ch37-agent-core/research-agent.ts"), PORT_1_5), undefined);
  assert.equal(portedURL("@earendil-works/pi-ai", url("examples/ch37-agent-core/research-agent.ts"), undefined), undefined);
});

test("evidence names the port only where a listing the check ran goes through it", () => {
  const url = (file: string) => pathToFileURL(join(PROJECT_ROOT, file)).href;
  const note = `; measured with ${describePort(PORT_1_5)}`;
  // tool-concurrency.ts imports Type from pi-ai; harness/demo-tables.ts reaches research-agent.ts through a relative import.
  assert.equal(withPortNote("2 overlapped", [url("examples/ch37-agent-core/tool-concurrency.ts")], PORT_1_5), `2 overlapped${note}`);
  // book-event-names.ts imports no Pi module; listings-compile.ts type-checks, it runs no Pi code.
  assert.equal(withPortNote("12 names", [url("examples/ch37-agent-core/book-event-names.ts")], PORT_1_5), "12 names");
  assert.equal(withPortNote("0 diagnostics", [url("examples/ch37-agent-core/harness/listings-compile.ts")], PORT_1_5), "0 diagnostics");
  assert.equal(withPortNote("2 overlapped", [url("examples/ch37-agent-core/tool-concurrency.ts")], undefined), "2 overlapped");
});

test("appendix B tells evidence measured through a port by the port's note, and no other evidence", () => {
  assert.ok(measuredThroughPort(`2 overlapped; measured with ${describePort(PORT_1_5)}`));
  for (const evidence of ["2 overlapped", "measured with the 1.5 port", "2 overlapped; measured with the 9.9 port: Type from typebox"]) {
    assert.ok(!measuredThroughPort(evidence), evidence);
  }
});

const newest = readCompleteInstall(RELEASES_CACHE, releaseColumn(NEWEST).spec);
test(
  `the 1.5 port: the diff applied to a scratch copy of examples/ type-checks against a real ${NEWEST} install with 0 diagnostics`,
  {
    skip:
      newest === undefined
        ? `no ${NEWEST} install in .cache/pi-releases (CI puts one there; run node --import tsx scripts/matrix/cache-release.ts ${NEWEST} or npm run matrix)`
        : false,
  },
  (t) => {
    const scratch = join(PROJECT_ROOT, ".cache", "port-check", `test-${process.pid}`);
    t.after(() => rmSync(scratch, { recursive: true, force: true }));
    const diagnostics = checkPortAgainst(PORT_1_5, newest!.dir, scratch);
    assert.ok(Array.isArray(diagnostics), "kind" in diagnostics ? diagnostics.message : "");
    assert.deepEqual(diagnostics.map((d) => `${d.file}:${d.line} TS${d.code} ${d.message.split("\n")[0]}`), []);
    // The copy really was ported: the printed import line is gone from it.
    assert.doesNotMatch(readFileSync(join(scratch, "examples/ch37-agent-core/research-agent.ts"), "utf8"), /import \{ Type\b[^}]*\} from "@earendil-works\/pi-ai"/);
  },
);

const unpinned = readCompleteInstall(RELEASES_CACHE, unpinnedColumn().spec);
test(
  "the 1.5 port for an older core: the diff applied to a scratch copy of examples/ type-checks against the unpinned install (core 1.0.3, pi-ai 1.6.0) with one diagnostic, which no port of imports reaches: core 1.0.3's streamProxy() result is not a pi-ai 1.6.0 stream",
  { skip: unpinned === undefined ? "no unpinned-1.0.3 install in .cache/pi-releases (CI puts one there; run node --import tsx scripts/matrix/cache-release.ts unpinned or npm run matrix)" : false },
  (t) => {
    const scratch = join(PROJECT_ROOT, ".cache", "port-check", `test-older-core-${process.pid}`);
    t.after(() => rmSync(scratch, { recursive: true, force: true }));
    const diagnostics = checkPortAgainst(PORT_1_5_OLDER_CORE, unpinned!.dir, scratch);
    assert.ok(Array.isArray(diagnostics), "kind" in diagnostics ? diagnostics.message : "");
    // The unpinned mix's own types disagree: core 1.0.3 declares streamProxy() to return its
    // ProxyMessageEventStream, built on pi-ai 1.0.3's stream class, and pi-ai 1.6.0's StreamFn
    // does not accept it. Only host-stream-fns.ts (the streamProxy claim's run) returns one.
    assert.deepEqual(
      diagnostics.map((d) => `${relative(scratch, resolve(PROJECT_ROOT, d.file ?? ""))} TS${d.code} ${d.message.split("\n")[0]}`),
      [
        "examples/ch37-agent-core/host-stream-fns.ts TS2322 Type 'ProxyMessageEventStream' is not assignable to type 'AssistantMessageEventStream | Promise<AssistantMessageEventStream>'.",
      ],
    );
  },
);
