import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, describe, it } from "node:test";
import { counterexampleFiles } from "../../counterexample/files.ts";
import { runCommand } from "../../lib/command.ts";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { REGISTER_LISTINGS_HOOK } from "../../listings/listings-process.ts";
import { LISTINGS_ENV } from "../../toolchain/listing-source.ts";
import { isListingPatch, parseSpec, type PatchSpec } from "../spec.ts";

// A patch that makes the book's sentence true must turn its counterexample's verdict from
// qualified to holds: the counterexample measures what its claim names. Each listing patch here
// is applied to a copy of the listing, which the counterexample then runs in place of ours.

const DIR = new URL(".", import.meta.url);
const patches = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => {
    const spec = parseSpec(JSON.parse(readFileSync(new URL(name, DIR), "utf8")), name);
    if ("kind" in spec) throw new Error(spec.message);
    return { name, spec };
  });
const files = new Map(counterexampleFiles().map((f) => [f.id, f.file]));
const work = mkdtempSync(join(tmpdir(), "fixing-patches-"));
after(() => rmSync(work, { recursive: true, force: true }));

// Runs the counterexample of `id` in a child and prints the verdict its check would give (the
// file comes by the environment: as argv[1] it would also print itself, as `npx tsx FILE` does).
const JUDGE = `
const { judgeCounterexample } = await import(${JSON.stringify(join(PROJECT_ROOT, "scripts/ledger/checks/counterexample-check.ts"))});
const { run } = await import(process.env.COUNTEREXAMPLE_FILE);
process.stdout.write(judgeCounterexample(await run()).verdict);`;

async function verdictOf(id: string, listingsDir?: string): Promise<string> {
  const file = join(PROJECT_ROOT, files.get(id)!);
  const env = {
    ...process.env,
    COUNTEREXAMPLE_FILE: file,
    ...(listingsDir === undefined ? {} : { [LISTINGS_ENV]: listingsDir }),
  };
  const hook = listingsDir === undefined ? [] : ["--import", REGISTER_LISTINGS_HOOK];
  const ran = await runCommand(process.execPath, ["--import", "tsx", ...hook, "--input-type=module", "-e", JUDGE], {
    cwd: PROJECT_ROOT,
    env,
    timeoutMs: 120_000,
  });
  assert.equal(ran.code, 0, ran.stderr);
  return ran.stdout;
}

function patchedListing(name: string, spec: PatchSpec): string {
  const dir = mkdtempSync(join(work, `${basename(name, ".json")}-`));
  const text = readFileSync(join(PROJECT_ROOT, spec.file), "utf8");
  assert.equal(text.split(spec.find).length, 2, `${name}: its find must occur exactly once in ${spec.file}`);
  writeFileSync(
    join(dir, basename(spec.file)),
    text.replace(spec.find, () => spec.replace),
  );
  return dir;
}

for (const { name, spec } of patches) {
  describe(`fixing patch ${name}: ${spec.description}`, () => {
    assert.ok(isListingPatch(spec), `${name}: only listing patches are applied here`);
    const dir = patchedListing(name, spec);
    for (const id of spec.flips) {
      it(`${id}: qualified with our listing, holds with the patched one`, async () => {
        assert.ok(files.has(id), `${id} has no counterexample`);
        assert.equal(await verdictOf(id), "qualified");
        assert.equal(await verdictOf(id, dir), "holds");
      });
    }
  });
}
