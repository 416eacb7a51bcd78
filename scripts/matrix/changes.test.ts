import assert from "node:assert/strict";
import { test } from "node:test";
import { changesAlong, firstVerdictChange, withoutVersions } from "./changes.ts";
import type { MatrixClaim } from "./matrix.ts";

const holds = (evidence: string) => ({ verdict: "holds" as const, evidence });
const fails = (evidence: string) => ({ verdict: "fails" as const, evidence });

const claims: MatrixClaim[] = [
  {
    id: "deps",
    label: "documented",
    verdicts: {
      "1.0.3": holds("pi-ai, typebox"),
      "1.3.0": holds("pi-ai, typebox"),
      "1.5.0": fails("pi-ai, pi-schema"),
      "1.6.0": fails("pi-ai, pi-schema"),
    },
  },
  {
    id: "steady",
    label: "observed",
    verdicts: {
      "1.0.3": holds("2 calls"),
      "1.3.0": holds("2 calls"),
      "1.5.0": holds("2 calls"),
      "1.6.0": holds("2 calls"),
    },
  },
  // not measured at 1.3.0 (its install failed): stepped over, not a change
  { id: "gap", label: "observed", verdicts: { "1.0.3": holds("x"), "1.5.0": fails("y"), "1.6.0": fails("y") } },
  {
    id: "flaps",
    label: "observed",
    verdicts: { "1.0.3": holds("a"), "1.3.0": fails("b"), "1.5.0": holds("a"), "1.6.0": holds("a") },
  },
  { id: "figures", label: "observed", verdicts: { "1.0.3": holds("41 modules"), "1.3.0": holds("43 modules") } },
];
const releases = ["1.0.3", "1.3.0", "1.5.0", "1.6.0"];

test("a verdict change is reported once, at the first release where it differs, with that release's evidence", () => {
  const deps = changesAlong(claims, releases).filter((c) => c.id === "deps");
  assert.deepEqual(deps, [
    {
      id: "deps",
      label: "documented",
      from: "1.3.0",
      before: holds("pi-ai, typebox"),
      to: "1.5.0",
      after: fails("pi-ai, pi-schema"),
      verdictChanged: true,
    },
  ]);
});

test("a claim that holds everywhere with the same evidence has no change", () => {
  assert.deepEqual(
    changesAlong(claims, releases).filter((c) => c.id === "steady"),
    [],
  );
});

test("a column without a verdict is stepped over: the change is measured across the gap", () => {
  const gap = changesAlong(claims, releases).filter((c) => c.id === "gap");
  assert.deepEqual(
    gap.map((c) => [c.from, c.to]),
    [["1.0.3", "1.5.0"]],
  );
});

test("first change is the earliest verdict change, even when the verdict later changes back", () => {
  const first = firstVerdictChange(changesAlong(claims, releases));
  assert.deepEqual(Object.fromEntries(first), { deps: "1.5.0", gap: "1.5.0", flaps: "1.3.0" });
  assert.equal(changesAlong(claims, releases).filter((c) => c.id === "flaps").length, 2);
});

test("same verdict with different evidence is an evidence change, not a verdict change", () => {
  const figures = changesAlong(claims, releases).filter((c) => c.id === "figures");
  assert.equal(figures.length, 1);
  assert.equal(figures[0]!.verdictChanged, false);
  assert.equal(firstVerdictChange(figures).size, 0);
});

test("the unpinned column is compared with the pin's column alone", () => {
  const withUnpinned: MatrixClaim[] = [
    {
      id: "deps",
      label: "documented",
      verdicts: { "1.0.3": holds("a"), "1.6.0": fails("b"), "unpinned-1.0.3": holds("a") },
    },
  ];
  assert.deepEqual(changesAlong(withUnpinned, ["1.0.3", "unpinned-1.0.3"]), []);
});

test("evidence that differs only by the column's own version numbers is no change", () => {
  const versionOnly: MatrixClaim[] = [
    {
      id: "names",
      label: "observed",
      verdicts: {
        "1.3.0": holds("core 1.3.0 exports 42 names"),
        "1.4.0": holds("core 1.4.0 exports 42 names"),
        "1.5.0": holds("core 1.5.0 exports 43 names"),
      },
    },
  ];
  const versionsOf = { "1.3.0": ["1.3.0"], "1.4.0": ["1.4.0"], "1.5.0": ["1.5.0"] };
  assert.deepEqual(
    changesAlong(versionOnly, ["1.3.0", "1.4.0", "1.5.0"], versionsOf).map((c) => [c.from, c.to]),
    [["1.4.0", "1.5.0"]],
  );
});

test("only whole version numbers are masked, not longer numbers that contain them", () => {
  assert.equal(
    withoutVersions("pi-ai ^1.0.3 → 1.0.3, typebox 11.0.3, 1.0.30", ["1.0.3"]),
    "pi-ai ^⟨version⟩ → ⟨version⟩, typebox 11.0.3, 1.0.30",
  );
});
