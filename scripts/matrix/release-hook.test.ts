import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import type { CachedInstall } from "./install-cache.ts";
import { isLedgerRunFailure, runLedgerAgainst } from "./ledger-run.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { releaseParentURL } from "./release-hook.ts";

const releaseDir = "/cache/pi-releases/1.6.0";
const fromRelease = pathToFileURL(`${releaseDir}/package.json`).href;
const projectFile = pathToFileURL(join(PROJECT_ROOT, "examples/ch37-agent-core/research-agent.ts")).href;

test("hook: Pi's packages and typebox imported by a project file resolve from the release", () => {
  for (const specifier of [
    "@earendil-works/pi-agent-core",
    "@earendil-works/pi-ai",
    "typebox",
    "typebox/value",
    "@earendil-works/pi-ai/dist/providers/faux.js",
  ]) {
    assert.equal(releaseParentURL(specifier, projectFile, releaseDir), fromRelease, specifier);
  }
});

test("hook: other packages, relative paths and look-alike names resolve as usual", () => {
  for (const specifier of [
    "tsx",
    "typescript",
    "./lookup-evidence.ts",
    "node:fs",
    "typeboxer",
    "@earendil-works/pi-coding-agent",
    "@earendil-works/pi-ai-extra",
  ]) {
    assert.equal(releaseParentURL(specifier, projectFile, releaseDir), undefined, specifier);
  }
});

test("hook: imports from inside any node_modules (the release's own packages) are left alone", () => {
  const inRelease = pathToFileURL(`${releaseDir}/node_modules/@earendil-works/pi-agent-core/dist/agent.js`).href;
  assert.equal(releaseParentURL("@earendil-works/pi-ai", inRelease, releaseDir), undefined);
  assert.equal(
    releaseParentURL("typebox", pathToFileURL(join(PROJECT_ROOT, "node_modules/tslab/dist/x.js")).href, releaseDir),
    undefined,
  );
});

// A fake release (version 9.9.9 of each package) in a temporary folder: no network.
const scratch = mkdtempSync(join(tmpdir(), "matrix-hook-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
function fakeRelease(dir: string, version: string): CachedInstall {
  for (const name of ["@earendil-works/pi-agent-core", "@earendil-works/pi-ai", "typebox"]) {
    const pkg = join(dir, "node_modules", name);
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({ name, version, type: "module", exports: { ".": "./index.js" } }),
    );
    writeFileSync(join(pkg, "index.js"), "export {};\n");
  }
  return { key: version, dir, versions: { core: version, ai: version, typebox: version }, reused: true };
}
const fake = fakeRelease(join(scratch, "9.9.9"), "9.9.9");
const fakeLedger = join(PROJECT_ROOT, "scripts/matrix/fixtures/fake-ledger.ts");

test("a hooked child resolves the release's folder and passes the pin check for its versions", async () => {
  const report = await runLedgerAgainst(fake, fakeLedger);
  assert.ok(!isLedgerRunFailure(report), JSON.stringify(report));
  const evidence = `core 9.9.9 at ${join(fake.dir, "node_modules/@earendil-works/pi-agent-core")}`;
  assert.deepEqual(report.claims, [{ id: "fake.core-version", label: "observed", verdict: "holds", evidence }]);
});

/** Runs the fake ledger in `mode`; the child inherits this process's environment. */
async function runFakeLedger(mode: string) {
  process.env.FAKE_LEDGER = mode;
  try {
    return await runLedgerAgainst(fake, fakeLedger);
  } finally {
    delete process.env.FAKE_LEDGER;
  }
}

test("a ledger that crashes is a crashed column with the error's line, never a verdict", async () => {
  assert.deepEqual(await runFakeLedger("crash"), { kind: "ledger-crashed", message: "TypeError: fake ledger crashed" });
});

test("a ledger that refuses (exit 2) is a refused column with its one line", async () => {
  assert.deepEqual(await runFakeLedger("refuse"), { kind: "ledger-refused", message: "pi-book-companion: refused" });
});

test("a folder the hook cannot resolve Pi from is caught by the probe before the ledger runs", async () => {
  const broken: CachedInstall = { ...fake, dir: join(scratch, "missing") };
  const report = await runLedgerAgainst(broken, fakeLedger);
  assert.ok(isLedgerRunFailure(report));
  assert.equal(report.kind, "probe-mismatch");
});
