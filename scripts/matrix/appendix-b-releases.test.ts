import assert from "node:assert/strict";
import { test } from "node:test";
import { renderAppendixB, renderSummary } from "./appendix-b-releases.ts";
import { buildMatrix, type ColumnResult } from "./matrix.ts";

const versions = (core: string, ai: string) => ({ core, ai, typebox: "1.3.27" });
const claim = (id: string, verdict: "holds" | "qualified" | "fails" | "not-checkable", evidence: string) => ({
  id,
  label: "documented",
  verdict,
  evidence,
});

const results: ColumnResult[] = [
  {
    key: "1.0.3",
    kind: "release",
    core: "1.0.3",
    installed: versions("1.0.3", "1.0.3"),
    status: "measured",
    node: "20.20.2",
    claims: [
      claim("ch37.deps.two-runtime-deps", "holds", "pi-ai, typebox"),
      claim("ch37.callcount.two", "holds", "2 calls"),
    ],
  },
  {
    key: "1.4.0",
    kind: "release",
    core: "1.4.0",
    status: "install-failed",
    message: "npm install failed: ETARGET",
    claims: [],
  },
  {
    key: "1.5.0",
    kind: "release",
    core: "1.5.0",
    installed: versions("1.5.0", "1.5.0"),
    status: "measured",
    node: "20.20.2",
    claims: [
      claim("ch37.deps.two-runtime-deps", "fails", "pi-ai | pi-schema"),
      claim("ch37.callcount.two", "holds", "2 calls"),
    ],
  },
  {
    key: "unpinned-1.0.3",
    kind: "unpinned",
    core: "1.0.3",
    installed: versions("1.0.3", "1.5.0"),
    status: "measured",
    node: "20.20.2",
    claims: [
      claim("ch37.deps.two-runtime-deps", "holds", "pi-ai, typebox"),
      claim("ch37.callcount.two", "fails", "3 calls"),
    ],
  },
  {
    key: "1.6.0",
    kind: "release",
    core: "1.6.0",
    installed: versions("1.6.0", "1.6.0"),
    status: "measured",
    node: "20.20.2",
    claims: [
      claim("ch37.deps.two-runtime-deps", "fails", "pi-ai | pi-schema"),
      { id: "ch37.callcount.two", label: "observed", crash: "SyntaxError: no export Type" },
    ],
  },
];
const environment = { date: "2026-11-29", node: "20.20.2", commit: "abc1234" };

test("the matrix JSON has one row per claim id with a verdict per measured column only", () => {
  const matrix = buildMatrix(results);
  assert.deepEqual(matrix.versions, ["1.0.3", "1.4.0", "1.5.0", "unpinned-1.0.3", "1.6.0"]);
  assert.deepEqual(
    matrix.claims.map((c) => c.id),
    ["ch37.deps.two-runtime-deps", "ch37.callcount.two"],
  );
  assert.deepEqual(Object.keys(matrix.claims[0]!.verdicts), ["1.0.3", "1.5.0", "unpinned-1.0.3", "1.6.0"]);
  assert.deepEqual(matrix.claims[0]!.verdicts["1.5.0"], { verdict: "fails", evidence: "pi-ai | pi-schema" });
  assert.equal(matrix.columns[1]!.status, "install-failed");
});

test("a crashed check is no verdict: it is listed with its column and shown as CRASH", () => {
  const matrix = buildMatrix(results);
  assert.equal(matrix.claims[1]!.verdicts["1.6.0"], undefined);
  assert.deepEqual(matrix.columns[4]!.crashes, [{ id: "ch37.callcount.two", error: "SyntaxError: no export Type" }]);
  const text = renderAppendixB(matrix, environment);
  assert.match(
    text,
    /\| `ch37\.callcount\.two` \| documented \| holds \| — \| holds \| \*\*fails\*\* \| CRASH \| — \|/,
  );
  assert.match(text, /- 1\.6\.0: `ch37\.callcount\.two` crashed: SyntaxError: no export Type/);
});

test("appendix B's table has a cell per column, the failed install shown as no verdict", () => {
  const text = renderAppendixB(buildMatrix(results), environment);
  assert.match(
    text,
    /\| claim \| label \| 1\.0\.3 \(pin\) \| 1\.4\.0 \| 1\.5\.0 \| unpinned-1\.0\.3 \| 1\.6\.0 \| first change \|/,
  );
  assert.match(
    text,
    /\| `ch37\.deps\.two-runtime-deps` \| documented \| holds \| — \| \*\*fails\*\* \| holds \| \*\*fails\*\* \| 1\.5\.0 \|/,
  );
  assert.match(text, /\| 1\.4\.0 \| — \| none: the code as printed \| install-failed: npm install failed: ETARGET \|/);
});

test("appendix B names what changed at each release with the evidence, escaped for Markdown", () => {
  const text = renderAppendixB(buildMatrix(results), environment);
  assert.match(
    text,
    /### 1\.5\.0\n\n- `ch37\.deps\.two-runtime-deps` \(documented\): holds at 1\.0\.3 → \*\*fails\*\* at 1\.5\.0\. Evidence at 1\.5\.0: pi-ai \\\| pi-schema/,
  );
});

test("appendix B compares the unpinned install with the pin and says what npm gave", () => {
  const text = renderAppendixB(buildMatrix(results), environment);
  assert.match(text, /gave core 1\.0\.3 · pi-ai 1\.5\.0 · typebox 1\.3\.27/);
  assert.match(
    text,
    /- `ch37\.callcount\.two` \(documented\): holds at 1\.0\.3 → \*\*fails\*\* at unpinned-1\.0\.3\. Evidence at unpinned-1\.0\.3: 3 calls/,
  );
});

// The pin, and the newest release measured through the 1.5 port: one behavioural claim turns
// qualified there, one printed-code claim fails on the loader's message.
const PORT = "the 1.5 port: Type and TSchema from typebox, Static from @earendil-works/pi-schema";
const ported: ColumnResult[] = [
  {
    key: "1.0.3",
    kind: "release",
    core: "1.0.3",
    installed: versions("1.0.3", "1.0.3"),
    status: "measured",
    node: "20.20.2",
    claims: [
      claim("ch37.code.type-export", "holds", "typeof Type object"),
      claim("ch37.tools.parallel-default", "holds", "2 overlapped"),
    ],
  },
  {
    key: "1.6.0",
    kind: "release",
    core: "1.6.0",
    installed: versions("1.6.0", "1.6.0"),
    status: "measured",
    node: "20.20.2",
    port: PORT,
    claims: [
      claim(
        "ch37.code.type-export",
        "fails",
        "type-export.ts does not load against @earendil-works/pi-ai 1.6.0: no export named 'Type'",
      ),
      claim(
        "ch37.tools.parallel-default",
        "qualified",
        `condition: two tools; counterexample: one tool; measured with ${PORT}`,
      ),
    ],
  },
];
const portedMatrix = () => ({
  ...buildMatrix(ported),
  portProof: {
    release: "1.6.0",
    port: PORT,
    diff: '--- a/examples/x.ts\n+++ b/examples/x.ts\n@@ -1 +1 @@\n-import { Type } from "@earendil-works/pi-ai";\n+import { Type } from "typebox";\n',
    diagnostics: [],
  },
});

test("appendix B: a qualified verdict is a verdict change in the first-change column and the stdout summary; the legend defines all four verdicts", () => {
  const matrix = portedMatrix();
  const text = renderAppendixB(matrix, environment);
  assert.match(text, /\| `ch37\.tools\.parallel-default` \| documented \| holds \| qualified \| 1\.6\.0 \|/);
  for (const verdict of ["holds", "qualified", "fails", "not-checkable"])
    assert.match(text, new RegExp(`^- \`${verdict}\`: `, "m"), verdict);
  assert.match(renderSummary(matrix), /ch37\.tools\.parallel-default: holds at 1\.0\.3 -> qualified at 1\.6\.0/);
  assert.match(
    renderSummary(matrix),
    /1\.6\.0 +measured on Node 20\.20\.2: 1 qualified, 1 fails \(through the 1\.5 port\)/,
  );
});

test("appendix B: Reading the book with Pi 1.6.0 has the port as a diff, the typecheck proof, the verdicts through the port and the changes from the pin with their cause", () => {
  const text = renderAppendixB(portedMatrix(), environment);
  assert.match(text, /## Reading the book with Pi 1\.6\.0\n/);
  assert.match(
    text,
    /```diff\n--- a\/examples\/x\.ts\n\+\+\+ b\/examples\/x\.ts\n@@ -1 \+1 @@\n-import \{ Type \} from "@earendil-works\/pi-ai";\n\+import \{ Type \} from "typebox";\n```/,
  );
  assert.match(text, /against the 1\.6\.0 install: \*\*0 diagnostics\*\*\./);
  assert.match(
    text,
    /At 1\.6\.0, 1 claims ran the book's code through the port: 1 qualified\. All 2 claims at 1\.6\.0: 1 qualified, 1 fails\./,
  );
  assert.match(
    text,
    /- `ch37\.code\.type-export` \(about the printed code or its dependencies\): holds → \*\*fails\*\*\. Cause, from the evidence at 1\.6\.0: type-export\.ts does not load/,
  );
  assert.match(text, /- `ch37\.tools\.parallel-default` \(about Pi's behaviour\): holds → qualified\./);
  assert.match(
    text,
    /\| 1\.6\.0 \| core 1\.6\.0 · pi-ai 1\.6\.0 · typebox 1\.3\.27 \| the 1\.5 port: Type and TSchema from typebox/,
  );
});

test("appendix B: a port re-proved after the verdicts' run (matrix --proof-only) says when and at which commit", () => {
  assert.doesNotMatch(renderAppendixB(portedMatrix(), environment), /made again/);
  const matrix = portedMatrix();
  const text = renderAppendixB(
    { ...matrix, portProof: { ...matrix.portProof, provedAt: { date: "2026-12-01", commit: "def567890abc" } } },
    environment,
  );
  assert.match(
    text,
    /The proof \(made again on 2026-12-01 at commit def567890abc, after the verdicts' run\): examples\/ with the diff applied/,
  );
});

test("the matrix JSON and appendix B carry the companion's findings per release, apart from the claims", () => {
  const finding = (verdict: "holds" | "qualified", evidence: string) => ({
    id: "ch38.found.argument-conversion",
    label: "found",
    verdict,
    evidence,
  });
  const withFindings: ColumnResult[] = results.map((column) =>
    column.status !== "measured"
      ? column
      : { ...column, findings: [finding(column.key === "1.6.0" ? "qualified" : "holds", `at ${column.key}`)] },
  );
  const matrix = buildMatrix(withFindings);
  assert.deepEqual(
    matrix.claims.map((c) => c.id),
    ["ch37.deps.two-runtime-deps", "ch37.callcount.two"],
  );
  assert.deepEqual(
    matrix.findings.map((f) => f.id),
    ["ch38.found.argument-conversion"],
  );
  assert.deepEqual(matrix.findings[0]!.verdicts["1.6.0"], { verdict: "qualified", evidence: "at 1.6.0" });
  const text = renderAppendixB(matrix, environment);
  assert.match(text, /## The companion's findings\n\n[^\n]*\n\n\| finding \| label \| 1\.0\.3 \(pin\) \|/);
  assert.match(
    text,
    /\| `ch38\.found\.argument-conversion` \| found \| holds \| — \| holds \| holds \| qualified \| 1\.6\.0 \|/,
  );
  assert.match(renderSummary(matrix), /ch38\.found\.argument-conversion: holds at 1\.5\.0 -> qualified at 1\.6\.0/);
});
