import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { installedPi } from "../ledger/static/installed.ts";
import { allChecks } from "../ledger/all-checks.ts";
import { PACKAGE_NAMES, type PackageKey } from "../toolchain/pin.ts";
import { applyPatch, isPatchRefused } from "./apply.ts";
import { extraSpecFiles, shippedSpecFiles } from "./shipped.ts";
import { isListingPatch, isSpecProblem, readSpec, type PatchSpec } from "./spec.ts";
import { APPENDIX_DIR, PROJECT_ROOT } from "../lib/paths.ts";
import { UNFLIPPED_REASONS, type AppendixD } from "./appendix-d-mutants.ts";

const read = (file: string) => {
  const spec = readSpec(file);
  assert.ok(!isSpecProblem(spec), isSpecProblem(spec) ? spec.message : "");
  return { file, spec: spec as PatchSpec };
};
const specs = shippedSpecFiles().map(read);
const extras = extraSpecFiles().map(read);
const ids = new Set(allChecks.map((check) => check.id));

function pinnedText(spec: PatchSpec): string {
  if (isListingPatch(spec)) return readFileSync(join(PROJECT_ROOT, spec.file), "utf8");
  const { dirs } = installedPi();
  const key = (Object.keys(PACKAGE_NAMES) as PackageKey[]).find((k) => PACKAGE_NAMES[k] === spec.package)!;
  return readFileSync(join(dirs[key], spec.file), "utf8");
}

test("mutants: the shipped set is not empty", () => {
  assert.ok(specs.length >= 20, `${specs.length} specs`);
});

for (const { file, spec } of [...specs, ...extras]) {
  const name = file.split("/").slice(-2).join("/");
  test(`mutants: ${name} applies exactly once to the pinned ${spec.package}/${spec.file} and declares ledger claim ids`, () => {
    const patched = applyPatch(pinnedText(spec), spec);
    assert.ok(!isPatchRefused(patched), isPatchRefused(patched) ? patched.message : "");
    assert.ok(spec.flips.length > 0, "declares no flip");
    for (const id of spec.flips) assert.ok(ids.has(id), `${id} is not a ledger claim id`);
  });
}

// Which ids are behavioural is measured (the pin's run records what each check ran): the last
// full run's appendix D holds it.
const appendixD = join(APPENDIX_DIR, "D-mutants.json");

test(
  "mutants: every behavioural claim and finding is declared by a shipped patch or has a recorded reason, never both",
  { skip: !existsSync(appendixD) && "no appendix D yet" },
  () => {
    const declared = new Set(specs.flatMap(({ spec }) => spec.flips));
    const behavioural = Object.keys((JSON.parse(readFileSync(appendixD, "utf8")) as AppendixD).behavioural);
    const unaccounted = behavioural.filter((id) => !declared.has(id) && !(id in UNFLIPPED_REASONS));
    assert.deepEqual(unaccounted, [], "behavioural ids with neither a patch nor a reason");
    const stale = Object.keys(UNFLIPPED_REASONS).filter((id) => declared.has(id) || !behavioural.includes(id));
    assert.deepEqual(stale, [], "reasons for ids a patch declares, or that are not behavioural");
  },
);
