import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { readAllClaims } from "./catalogue.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { negativeControl } from "./negative-control.ts";
import { allChecks } from "./all-checks.ts";

test("all checks: every id of claims.tsv and findings.tsv has exactly one check, and no check has an id outside them", () => {
  const catalogue = new Set(readAllClaims().map(({ claim }) => claim.id));
  const counts = new Map<string, number>();
  for (const check of allChecks) counts.set(check.id, (counts.get(check.id) ?? 0) + 1);
  const missing = [...catalogue].filter((id) => !counts.has(id));
  const duplicated = [...counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  const unknown = [...counts.keys()].filter((id) => !catalogue.has(id));
  assert.deepEqual({ missing, duplicated, unknown }, { missing: [], duplicated: [], unknown: [] });
});

test("all checks: the negative control is not registered", () => {
  assert.ok(!allChecks.some((check) => check.id === negativeControl.id));
});

test("all checks: loading it imports no chapter module and no Pi package; each check imports what it runs when it runs", () => {
  // A load hook that refuses them: a static import anywhere under all-checks.ts fails the load.
  const refuse = `export async function load(url, context, next) {
    if (/\\/examples\\/ch\\d+-|\\/@earendil-works\\//.test(url)) throw new Error("loaded with all-checks.ts: " + url);
    return next(url, context);
  }`;
  const registry = pathToFileURL(new URL("./all-checks.ts", import.meta.url).pathname).href;
  const script = `
    import { register } from "node:module";
    register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuse)}`)});
    const { allChecks } = await import(${JSON.stringify(registry)});
    console.log(allChecks.length);`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  assert.equal(
    run.status,
    0,
    run.stderr.split("\n").find((line) => line.includes("loaded with all-checks.ts")) ?? run.stderr,
  );
  assert.equal(Number(run.stdout), readAllClaims().length);
});
