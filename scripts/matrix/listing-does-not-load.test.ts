import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { claimOutcome, LEDGER_ENTRY, REGISTER_HOOK } from "./ledger-run.ts";
import { idsOnly } from "../ledger/ledger-command.ts";
import { describePort, PORT_1_5, PORT_ENV } from "../port/ports.ts";
import { RELEASE_DIR_ENV } from "./release-hook.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { LedgerJson } from "../ledger/render.ts";
import { installedPi } from "../ledger/static/installed.ts";

/**
 * A release folder for the matrix's resolution hook: the installed core and typebox, and a
 * pi-ai that re-exports the installed one except `missing` (its dist/ and README are the
 * installed ones, so the static checks read real files). Returns the folder and the pi-ai
 * version it declares.
 */
async function releaseWithout(missing: string): Promise<{ dir: string; aiVersion: string }> {
  const { dirs, ai } = installedPi();
  const dir = mkdtempSync(join(tmpdir(), `ledger-without-${missing}-`));
  const scope = join(dir, "node_modules", "@earendil-works");
  const fake = join(scope, "pi-ai");
  mkdirSync(fake, { recursive: true });
  symlinkSync(dirs.core, join(scope, "pi-agent-core"));
  symlinkSync(dirs.typebox, join(dir, "node_modules", "typebox"));
  symlinkSync(join(dirs.ai, "dist"), join(fake, "dist"));
  symlinkSync(join(dirs.ai, "README.md"), join(fake, "README.md"));
  const aiVersion = `${ai}-without-${missing}`;
  const pkg = JSON.parse(readFileSync(join(dirs.ai, "package.json"), "utf8")) as {
    version: string;
    exports: Record<string, unknown>;
  };
  pkg.version = aiVersion;
  pkg.exports["."] = { types: "./dist/index.d.ts", import: "./without.js" };
  writeFileSync(join(fake, "package.json"), JSON.stringify(pkg, null, 2));
  const names = Object.keys(await import("@earendil-works/pi-ai")).filter((name) => name !== missing);
  writeFileSync(join(fake, "without.js"), `export { ${names.join(", ")} } from "./dist/index.js";\n`);
  return { dir, aiVersion };
}

// The behavioural claims run the chapter's code (the two ch38 ones load modules that import
// each other, which is where Node 20 can poison a failed import); ch37.code.type-export is
// about the import line as printed; the dependency claim is static and must keep measuring.
const BEHAVIOURAL_CLAIMS = ["ch37.transcript.shape", "ch38.maxattempts.per-failed-call", "ch38.parallel-steps"];
const PRINTED_CLAIM = "ch37.code.type-export";
const STATIC_CLAIM = "ch37.deps.two-runtime-deps";

/** Runs node with tsx and the matrix's resolution hook pointed at `release`, serving `port` if given. */
function runAgainst(release: { dir: string; aiVersion: string }, args: readonly string[], port?: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [RELEASE_DIR_ENV]: release.dir,
    PI_COMPANION_EXPECT_AI: release.aiVersion,
  };
  delete env[PORT_ENV];
  if (port !== undefined) env[PORT_ENV] = port;
  return spawnSync(process.execPath, ["--import", "tsx", "--import", REGISTER_HOOK, ...args], {
    cwd: PROJECT_ROOT,
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
}

/** The ledger's outcome for each of the claims above against `release`, one line each. */
function ledgerOutcomes(release: { dir: string; aiVersion: string }, port?: string) {
  const ids = [...BEHAVIOURAL_CLAIMS, PRINTED_CLAIM, STATIC_CLAIM];
  const run = runAgainst(release, [LEDGER_ENTRY, "--json", "--only", idsOnly(ids)], port);
  const report = JSON.parse(run.stdout) as LedgerJson;
  return { run, outcome: (id: string) => claimOutcome(report, id) };
}

const typeMissing = (aiVersion: string) =>
  `examples/ch3[78]-[a-z-]+/((demonstrations|support)/)?[a-z-]+\\.ts does not load against @earendil-works/pi-ai ${aiVersion.replace(/\./g, "\\.")}: ` +
  `The requested module '@earendil-works/pi-ai' does not provide an export named 'Type'`;

test("ch37.code.type-export: against a pi-ai without Type, through the 1.5 port, the behavioural claims are measured (evidence names the port) and only the printed import fails, exit 0", async (t) => {
  const release = await releaseWithout("Type");
  t.after(() => rmSync(release.dir, { recursive: true, force: true }));
  const { run, outcome } = ledgerOutcomes(release, PORT_1_5.name);
  assert.equal(run.status, 0, run.stderr);
  for (const id of BEHAVIOURAL_CLAIMS)
    assert.match(outcome(id), new RegExp(`^holds: .*; measured with ${describePort(PORT_1_5)}$`), id);
  assert.match(outcome(PRINTED_CLAIM), new RegExp(`^fails: ${typeMissing(release.aiVersion)}$`));
  assert.match(outcome(STATIC_CLAIM), /^holds: /);
  assert.doesNotMatch(outcome(STATIC_CLAIM), /measured with/);
});

test("listing-does-not-load: without a port a behavioural claim is a crash, never a verdict decided by the loader; the printed import still fails, exit 1", async (t) => {
  const release = await releaseWithout("Type");
  t.after(() => rmSync(release.dir, { recursive: true, force: true }));
  const { run, outcome } = ledgerOutcomes(release);
  assert.equal(run.status, 1, run.stderr);
  for (const id of BEHAVIOURAL_CLAIMS) {
    assert.match(
      outcome(id),
      new RegExp(
        `^CRASH: (Error: )?no port makes the book's code load here \\(no port applies to this release\\): ${typeMissing(release.aiVersion)}$`,
      ),
      id,
    );
  }
  assert.match(outcome(PRINTED_CLAIM), new RegExp(`^fails: ${typeMissing(release.aiVersion)}$`));
  assert.match(outcome(STATIC_CLAIM), /^holds: /);
});

test("listing-does-not-load: a listing whose import failed before, reached again through another listing, still says what is missing", async (t) => {
  const release = await releaseWithout("Type");
  t.after(() => rmSync(release.dir, { recursive: true, force: true }));
  // support/measure.ts fails first; demonstrations/step-demos.ts imports it. On Node 20 a plain import() of step-demos.ts
  // then fails with "request for '…' is not in cache", which says nothing about Pi.
  const loadListing = pathToFileURL(join(PROJECT_ROOT, "scripts", "ledger", "load-listing.ts")).href;
  const script = `
    const { listing } = await import(${JSON.stringify(loadListing)});
    const folder = ${JSON.stringify(pathToFileURL(join(PROJECT_ROOT, "examples", "ch38-typed-step")).href + "/")};
    for (const file of ["support/measure.ts", "demonstrations/step-demos.ts"]) {
      const outcome = await listing(new URL(file, folder))().then(() => "loaded", (error) => error.kind ?? error.message);
      console.log(file + ": " + outcome);
    }`;
  const run = runAgainst(release, ["--input-type=module", "--eval", script]);
  assert.equal(
    run.stdout,
    "support/measure.ts: listing-does-not-load\ndemonstrations/step-demos.ts: listing-does-not-load\n",
    run.stderr,
  );
});
