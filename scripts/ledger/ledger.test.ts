import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { checkInstall, isInstallProblem, type InstalledPi } from "../../examples/support/pin.ts";
import { PROJECT_ROOT } from "./catalogue.ts";
import { verdictOf, type Check } from "./check.ts";
import { runLedger } from "./ledger.ts";
import type { LedgerJson } from "./render.ts";

function install(): InstalledPi {
  const found = checkInstall();
  if (isInstallProblem(found)) throw new Error(found.message);
  return found;
}

async function ledger(argv: string[], checks: Check[]) {
  let out = "";
  let err = "";
  const status = await runLedger(argv, install(), { out: (t) => (out += t), err: (t) => (err += t), errIsTty: false }, checks);
  return { status, out, err };
}

const ID = "ch37.deps.two-runtime-deps";

test("ledger: --json prints {pin, node, claims} and nothing else on stdout; progress goes to stderr", async () => {
  const { status, out, err } = await ledger(["--json", "--only", `^${ID}$`], [
    { id: ID, run: async () => verdictOf(true, "two of them") },
  ]);
  assert.equal(status, 0);
  const json = JSON.parse(out) as LedgerJson;
  assert.deepEqual(Object.keys(json), ["pin", "node", "claims"]);
  assert.deepEqual(Object.keys(json.pin), ["core", "ai", "typebox"]);
  assert.deepEqual(json.claims, [{ id: ID, label: "documented", verdict: "holds", evidence: "two of them" }]);
  assert.match(err, /\[1\/2\] holds/);
});

test("ledger: a check that throws is a crash, never fails, and the exit status is non-zero", async () => {
  const { status, out, err } = await ledger(["--json", "--only", `^${ID}$`], [
    { id: ID, run: async () => { throw new TypeError("cannot read the dist folder"); } },
  ]);
  assert.equal(status, 1);
  const [claim] = (JSON.parse(out) as LedgerJson).claims;
  assert.deepEqual(claim, { id: ID, label: "documented", crash: "TypeError: cannot read the dist folder" });
  assert.match(err, /1 check\(s\) crashed/);
});

test("ledger: a `fails` verdict is a result, and the run still exits 0", async () => {
  const { status, out } = await ledger(["--only", `^${ID}$`], [{ id: ID, run: async () => verdictOf(false, "three") }]);
  assert.equal(status, 0);
  assert.match(out, /ch37\.deps\.two-runtime-deps\s+documented\s+fails\s+three/);
  assert.match(out, /documented\s+0\s+0\s+1\s+0\s+0/);
});

test("ledger: the negative control runs beside the claims and stays out of the counts", async () => {
  const { out, err } = await ledger(["--json", "--only", `^${ID}$`], [{ id: ID, run: async () => verdictOf(true, "ok") }]);
  assert.equal((JSON.parse(out) as LedgerJson).claims.length, 1);
  assert.match(err, /negative control .*: fails, as it must/);
});

test("ledger: --only matching no id, or an invalid regex, is one line on stderr and exit 2", async () => {
  for (const argv of [["--only", "^no-such-claim$"], ["--only", "("], ["--frobnicate"]]) {
    const { status, out, err } = await ledger(argv, []);
    assert.equal(status, 2, argv.join(" "));
    assert.equal(out, "");
    assert.equal(err.trimEnd().split("\n").length, 1, err);
  }
});

test("ledger entry: a wrong installed version is refused with one line and exit 2 before anything runs", () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/ledger/main.ts", "--json"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PI_COMPANION_EXPECT_CORE: "9.9.9" },
    encoding: "utf8",
  });
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.trimEnd().split("\n").length, 1);
  assert.match(run.stderr, /measures 9\.9\.9; run npm ci/);
});
