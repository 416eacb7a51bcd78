import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, describe, it, test } from "node:test";
import { withPiFirst } from "../../../examples/support/preload-pi.ts";
import { counterexampleFiles } from "../../counterexample/files.ts";
import { runCommand } from "../../lib/command.ts";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { readPinVerdicts } from "../../ledger/verdicts-at-pin.ts";
import { REGISTER_LISTINGS_HOOK } from "../../listings/listings-process.ts";
import { LISTINGS_ENV } from "../../toolchain/listing-source.ts";
import type { CachedInstall } from "../../matrix/install-cache.ts";
import { childEnv, REGISTER_HOOK } from "../../matrix/ledger-run.ts";
import { ensurePatchedInstall } from "../patched-install.ts";
import { readFixingPatches, readNoPatch } from "../fixing-catalogue.ts";
import { isListingPatch, type PatchSpec } from "../spec.ts";

// A patch that makes the book's sentence true must turn its counterexample's verdict from
// qualified to holds: the counterexample measures what its claim names. A listing patch is
// applied to a copy of the listing, which the counterexample then runs in place of ours; a
// patch of Pi to a copy of the pinned install (as npm run mutants builds it), which the
// counterexample's child resolves Pi to through the release matrix's resolution hook.

const patches = readFixingPatches();
const files = new Map(counterexampleFiles().map((f) => [f.id, f.file]));
const work = mkdtempSync(join(tmpdir(), "fixing-patches-"));
after(() => rmSync(work, { recursive: true, force: true }));

// Runs the counterexamples of `ids` one after another in a child and prints the verdict each one's
// check gives, as JSON (the files come by the environment: as argv[1] a file would also print
// itself, as `npx tsx FILE` does). One child for each Pi or listing judged against, not one for
// each id: 34 children ran where 13 do, and the file took 57.7 CPU-s where it takes 31.2 (2 cores, idle).
const JUDGE = `
const { judgeCounterexample } = await import(${JSON.stringify(join(PROJECT_ROOT, "scripts/ledger/checks/counterexample-check.ts"))});
const verdicts = {};
for (const [id, file] of JSON.parse(process.env.COUNTEREXAMPLE_FILES)) {
  const { run } = await import(file);
  verdicts[id] = judgeCounterexample(await run()).verdict;
}
process.stdout.write(JSON.stringify(verdicts));`;

/** What the counterexample runs against: our listings and Pi, a patched copy of a listing, or a patched install. */
type Against = { listingsDir: string } | { install: CachedInstall } | undefined;

/** The verdicts of those of `ids` that have a counterexample (a row without one says so itself). */
async function verdictsOf(ids: readonly string[], against: Against): Promise<Record<string, string>> {
  const judged = ids.filter((id) => files.has(id)).map((id) => [id, join(PROJECT_ROOT, files.get(id)!)]);
  const base = against !== undefined && "install" in against ? childEnv(against.install) : process.env;
  const env = {
    ...base,
    COUNTEREXAMPLE_FILES: JSON.stringify(judged),
    ...(against !== undefined && "listingsDir" in against ? { [LISTINGS_ENV]: against.listingsDir } : {}),
  };
  // tsx first: each hook module is TypeScript and is loaded through tsx's loader.
  const hook =
    against === undefined ? [] : ["--import", "listingsDir" in against ? REGISTER_LISTINGS_HOOK : REGISTER_HOOK];
  const flags = ["--import", "tsx", ...hook];
  // Pi ahead of tsx where the child runs the project's Pi (about 0.8 CPU-s less a child on Node
  // 20); none under the matrix's hook, which serves the patched install.
  const args = [...withPiFirst(flags), "--input-type=module", "-e", JUDGE];
  const ran = await runCommand(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env,
    timeoutMs: 120_000,
  });
  assert.equal(ran.code, 0, ran.stderr);
  return JSON.parse(ran.stdout) as Record<string, string>;
}

// Each judgement is asked for once, by the first test that needs it: every id at the pin in one
// child, and each patch's ids in one child against it.
const judgements = new Map<string, Promise<Record<string, string>>>();
function verdictAt(key: string, ids: readonly string[], against: Against, id: string): Promise<string | undefined> {
  if (!judgements.has(key)) judgements.set(key, verdictsOf(ids, against));
  return judgements.get(key)!.then((verdicts) => verdicts[id]);
}
const AT_PIN = "the pin";
const everyFlip = [...new Set(patches.flatMap(({ spec }) => spec.flips))];

function patchedListing(name: string, spec: PatchSpec): string {
  const dir = mkdtempSync(join(work, `${name}-`));
  const text = readFileSync(join(PROJECT_ROOT, spec.file), "utf8");
  assert.equal(text.split(spec.find).length, 2, `${name}: its find must occur exactly once in ${spec.file}`);
  writeFileSync(
    join(dir, basename(spec.file)),
    text.replace(spec.find, () => spec.replace),
  );
  return dir;
}

/** The patched install for a patch of Pi, built (or reused) as npm run mutants builds it. */
function patchedInstall(name: string, spec: PatchSpec): CachedInstall {
  const install = ensurePatchedInstall(spec);
  assert.ok(!("kind" in install), `${name}: ${"kind" in install ? install.message : ""}`);
  return install;
}

for (const { name, spec } of patches) {
  describe(`fixing patch ${name}.json: ${spec.description}`, () => {
    const listing = isListingPatch(spec);
    const against: Against = listing
      ? { listingsDir: patchedListing(name, spec) }
      : { install: patchedInstall(name, spec) };
    const what = listing ? "listing" : `${spec.package.replace("@earendil-works/", "")}/${spec.file}`;
    for (const id of spec.flips) {
      it(`${id}: qualified with our ${what}, holds with the patched one`, async () => {
        assert.ok(files.has(id), `${id} has no counterexample`);
        assert.equal(
          await verdictAt(AT_PIN, everyFlip, undefined, id),
          "qualified",
          `${id}: expected qualified at the pin`,
        );
        assert.equal(
          await verdictAt(name, spec.flips, against, id),
          "holds",
          `${id}: expected holds against ${name}, which makes the book's sentence true`,
        );
      });
    }
  });
}

// Every id the pin's ledger does not find true has either a patch shown to make it true or, in
// no-patch.tsv, the reason there is none: appendix D lists both.
test("fixing patches: every id qualified or failing at the pin has exactly one of a fixing patch or a no-patch.tsv row", () => {
  const pin = readPinVerdicts();
  assert.ok(pin !== undefined, "appendix/verdicts-at-pin.json is missing: run npm run ledger");
  const wrong = Object.entries(pin.verdicts)
    .filter(([, verdict]) => verdict === "qualified" || verdict === "fails")
    .map(([id]) => id)
    .sort();
  const declared = patches.flatMap(({ name, spec }) => spec.flips.map((id) => ({ id, by: `${name}.json` })));
  const excused = readNoPatch().map(({ id }) => ({ id, by: "no-patch.tsv" }));
  const by = new Map<string, string[]>();
  for (const { id, by: source } of [...declared, ...excused]) by.set(id, [...(by.get(id) ?? []), source]);
  for (const id of wrong) {
    const sources = by.get(id) ?? [];
    assert.equal(
      sources.length,
      1,
      `${id} is ${pin.verdicts[id]} at the pin: expected exactly one fixing patch or no-patch.tsv row, found ${sources.join(", ") || "none"}`,
    );
  }
  const stray = [...by.keys()].filter((id) => !wrong.includes(id));
  assert.deepEqual(
    stray,
    [],
    `these ids are neither qualified nor failing at the pin, so no patch can lift them: ${stray.join(", ")}`,
  );
});
