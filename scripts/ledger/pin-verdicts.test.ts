import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { describeChange, pinVerdictsOf, pinVerdictsText, verdictChanges, writePinVerdictsIfChanged, type PinVerdicts } from "./pin-verdicts.ts";
import type { LedgerJson } from "./render.ts";

const pin = { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" };
const json: LedgerJson = {
  pin,
  node: "20.20.2",
  claims: [{ id: "ch37.a", label: "documented", verdict: "holds", evidence: "e1" }],
  findings: [{ id: "ch38.found.b", label: "found", verdict: "qualified", evidence: "condition: x; counterexample: y" }],
};

test("verdicts at the pin: {pin, verdicts} holds every book id then every finding id, verdicts only", () => {
  assert.deepEqual(pinVerdictsOf(json), { pin, verdicts: { "ch37.a": "holds", "ch38.found.b": "qualified" }, kept: [] });
});

test("verdicts at the pin: a run with a crashed check stands for nothing and names the crash", () => {
  const crashed = { ...json, findings: [{ id: "ch38.found.b", label: "found", crash: "TypeError: x" }] };
  assert.deepEqual(pinVerdictsOf(crashed), { crashed: ["ch38.found.b"] });
});

test("verdicts at the pin: written when a verdict changed, naming it; left untouched when only evidence changed", () => {
  const path = join(mkdtempSync(join(tmpdir(), "pin-verdicts-")), "verdicts-at-pin.json");
  const first = pinVerdictsOf(json) as PinVerdicts;
  assert.deepEqual([writePinVerdictsIfChanged(first, path)].map((w) => [w.written, w.created]), [[true, true]]);
  const before = statSync(path).mtimeMs;
  const sameVerdicts = pinVerdictsOf({ ...json, claims: [{ id: "ch37.a", label: "documented", verdict: "holds", evidence: "other words" }] });
  assert.deepEqual(writePinVerdictsIfChanged(sameVerdicts as PinVerdicts, path), { written: false, created: false, changes: [] });
  assert.equal(statSync(path).mtimeMs, before);
  const flipped = { pin, verdicts: { "ch37.a": "fails", "ch38.found.b": "qualified" } } satisfies PinVerdicts;
  const { written, created, changes } = writePinVerdictsIfChanged(flipped, path);
  assert.deepEqual([written, created], [true, false]);
  assert.deepEqual(changes.map(describeChange), ["ch37.a: holds → fails"]);
  assert.equal(readFileSync(path, "utf8"), pinVerdictsText(flipped));
});

test("verdicts at the pin: an added or removed id is a change", () => {
  const was = { pin, verdicts: { a: "holds", gone: "fails" } } satisfies PinVerdicts;
  const now = { pin, verdicts: { a: "holds", added: "not-checkable" } } satisfies PinVerdicts;
  assert.deepEqual(verdictChanges(was, now).map(describeChange), ["added: (new id) → not-checkable", "gone: fails → (id removed)"]);
});

test("verdicts at the pin: a registry lookup that went unanswered keeps the committed verdict, and says so", () => {
  const offline = { ...json, claims: [{ id: "ch37.a", label: "documented", verdict: "not-checkable" as const, evidence: "registry metadata unavailable: npm view x: printed nothing" }] };
  const committed = { pin, verdicts: { "ch37.a": "holds", "ch38.found.b": "qualified" } } satisfies PinVerdicts;
  assert.deepEqual(pinVerdictsOf(offline, committed), { pin, verdicts: committed.verdicts, kept: ["ch37.a"] });
  const measured = { ...json, claims: [{ id: "ch37.a", label: "documented", verdict: "not-checkable" as const, evidence: "about another chapter" }] };
  assert.deepEqual(pinVerdictsOf(measured, committed), { pin, verdicts: { "ch37.a": "not-checkable", "ch38.found.b": "qualified" }, kept: [] });
});
