import assert from "node:assert/strict";
import { test } from "node:test";
import { renderAppendix } from "./appendix.ts";
import { buildMatrix, type ColumnResult } from "./matrix.ts";

const versions = (core: string, ai: string) => ({ core, ai, typebox: "1.3.27" });
const claim = (id: string, verdict: "holds" | "fails" | "not-checkable", evidence: string) => ({ id, label: "documented", verdict, evidence });

const results: ColumnResult[] = [
  {
    key: "1.0.3", kind: "release", core: "1.0.3", installed: versions("1.0.3", "1.0.3"), status: "measured", node: "20.20.2",
    claims: [claim("ch37.deps.two-runtime-deps", "holds", "pi-ai, typebox"), claim("ch37.callcount.two", "holds", "2 calls")],
  },
  { key: "1.4.0", kind: "release", core: "1.4.0", status: "install-failed", message: "npm install failed: ETARGET", claims: [] },
  {
    key: "1.5.0", kind: "release", core: "1.5.0", installed: versions("1.5.0", "1.5.0"), status: "measured", node: "20.20.2",
    claims: [claim("ch37.deps.two-runtime-deps", "fails", "pi-ai | pi-schema"), claim("ch37.callcount.two", "holds", "2 calls")],
  },
  {
    key: "unpinned-1.0.3", kind: "unpinned", core: "1.0.3", installed: versions("1.0.3", "1.5.0"), status: "measured", node: "20.20.2",
    claims: [claim("ch37.deps.two-runtime-deps", "holds", "pi-ai, typebox"), claim("ch37.callcount.two", "fails", "3 calls")],
  },
  {
    key: "1.6.0", kind: "release", core: "1.6.0", installed: versions("1.6.0", "1.6.0"), status: "measured", node: "20.20.2",
    claims: [claim("ch37.deps.two-runtime-deps", "fails", "pi-ai | pi-schema"), { id: "ch37.callcount.two", label: "observed", crash: "SyntaxError: no export Type" }],
  },
];
const environment = { date: "2026-11-29", node: "20.20.2", commit: "abc1234" };

test("the matrix JSON has one row per claim id with a verdict per measured column only", () => {
  const matrix = buildMatrix(results);
  assert.deepEqual(matrix.versions, ["1.0.3", "1.4.0", "1.5.0", "unpinned-1.0.3", "1.6.0"]);
  assert.deepEqual(matrix.claims.map((c) => c.id), ["ch37.deps.two-runtime-deps", "ch37.callcount.two"]);
  assert.deepEqual(Object.keys(matrix.claims[0]!.verdicts), ["1.0.3", "1.5.0", "unpinned-1.0.3", "1.6.0"]);
  assert.deepEqual(matrix.claims[0]!.verdicts["1.5.0"], { verdict: "fails", evidence: "pi-ai | pi-schema" });
  assert.equal(matrix.columns[1]!.status, "install-failed");
});

test("a crashed check is no verdict: it is listed with its column and shown as CRASH", () => {
  const matrix = buildMatrix(results);
  assert.equal(matrix.claims[1]!.verdicts["1.6.0"], undefined);
  assert.deepEqual(matrix.columns[4]!.crashes, [{ id: "ch37.callcount.two", error: "SyntaxError: no export Type" }]);
  const text = renderAppendix(matrix, environment);
  assert.match(text, /\| `ch37\.callcount\.two` \| documented \| holds \| — \| holds \| \*\*fails\*\* \| CRASH \| — \|/);
  assert.match(text, /- 1\.6\.0: `ch37\.callcount\.two` crashed: SyntaxError: no export Type/);
});

test("appendix B's table has a cell per column, the failed install shown as no verdict", () => {
  const text = renderAppendix(buildMatrix(results), environment);
  assert.match(text, /\| claim \| label \| 1\.0\.3 \(pin\) \| 1\.4\.0 \| 1\.5\.0 \| unpinned-1\.0\.3 \| 1\.6\.0 \| first change \|/);
  assert.match(text, /\| `ch37\.deps\.two-runtime-deps` \| documented \| holds \| — \| \*\*fails\*\* \| holds \| \*\*fails\*\* \| 1\.5\.0 \|/);
  assert.match(text, /\| 1\.4\.0 \| — \| install-failed: npm install failed: ETARGET \|/);
});

test("appendix B names what changed at each release with the evidence, escaped for Markdown", () => {
  const text = renderAppendix(buildMatrix(results), environment);
  assert.match(text, /### 1\.5\.0\n\n- `ch37\.deps\.two-runtime-deps` \(documented\): holds at 1\.0\.3 → \*\*fails\*\* at 1\.5\.0\. Evidence at 1\.5\.0: pi-ai \\\| pi-schema/);
});

test("appendix B compares the unpinned install with the pin and says what npm gave", () => {
  const text = renderAppendix(buildMatrix(results), environment);
  assert.match(text, /gave core 1\.0\.3 · pi-ai 1\.5\.0 · typebox 1\.3\.27/);
  assert.match(text, /- `ch37\.callcount\.two` \(documented\): holds at 1\.0\.3 → \*\*fails\*\* at unpinned-1\.0\.3\. Evidence at unpinned-1\.0\.3: 3 calls/);
});
