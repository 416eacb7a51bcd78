import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { checkInstall, isInstallProblem, type InstalledPi } from "../toolchain/pin.ts";
import { type CatalogueRow } from "./catalogue.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { verdictOf, type Check } from "./check.ts";
import { runLedger } from "./ledger.ts";
import type { LedgerJson } from "./render.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

function install(): InstalledPi {
  const found = checkInstall();
  if (isInstallProblem(found)) throw new Error(found.message);
  return found;
}

async function ledger(argv: string[], checks: Check[], catalogue?: () => CatalogueRow[], env?: NodeJS.ProcessEnv) {
  let out = "";
  let err = "";
  const io = { out: (t: string) => (out += t), err: (t: string) => (err += t), errIsTty: false, env };
  // A full run at the pin writes appendix/; these runs of stand-in checks must never write, so
  // a run without --no-write gets an install that is not the pin.
  const at = argv.includes("--no-write") ? install() : { ...install(), core: "0.0.0-not-the-pin" };
  const status = await runLedger(argv, at, io, checks, catalogue);
  return { status, out, err };
}

const ID = "ch37.deps.two-runtime-deps";

test("ledger: --json prints {pin, node, claims, findings, ranPi} and nothing else on stdout; progress goes to stderr", async () => {
  const { status, out, err } = await ledger(
    ["--json", "--only", `^${ID}$`],
    [{ id: ID, run: async () => verdictOf(true, "two of them") }],
  );
  assert.equal(status, 0);
  const json = JSON.parse(out) as LedgerJson;
  assert.deepEqual(Object.keys(json), ["pin", "node", "claims", "findings", "ranPi"]);
  assert.deepEqual(json.ranPi, {}, "the check loaded no module, so it ran no Pi");
  assert.deepEqual(Object.keys(json.pin), ["core", "ai", "typebox"]);
  assert.deepEqual(json.claims, [{ id: ID, label: "documented", verdict: "holds", evidence: "two of them" }]);
  assert.match(err, /\[1\/1\] holds/);
});

test("ledger: a check that throws is a crash, never fails, and the exit status is non-zero", async () => {
  const { status, out, err } = await ledger(
    ["--json", "--only", `^${ID}$`],
    [
      {
        id: ID,
        run: async () => {
          throw new TypeError("cannot read the dist folder");
        },
      },
    ],
  );
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
  const { out, err } = await ledger(
    ["--json", "--only", `^${ID}$`],
    [{ id: ID, run: async () => verdictOf(true, "ok") }],
  );
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
  const run = spawnSync(process.execPath, asNpmRunsIt("scripts/ledger/main.ts", ["--json"]), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PI_COMPANION_EXPECT_CORE: "9.9.9" },
    encoding: "utf8",
  });
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.equal(run.stderr.trimEnd().split("\n").length, 1);
  assert.match(run.stderr, /measures 9\.9\.9; run npm ci/);
});

const FINDING = "ch38.found.example";
const withFinding = (): CatalogueRow[] => [
  { catalogue: "book", claim: { id: ID, label: "documented", source: "ch37", claim: "two runtime dependencies" } },
  {
    catalogue: "findings",
    claim: { id: FINDING, label: "found", source: "ch38", claim: "a measured fact the book does not state" },
  },
];
const bothChecks: Check[] = [
  { id: ID, run: async () => verdictOf(true, "two of them") },
  { id: FINDING, run: async () => verdictOf(false, "measured otherwise") },
];

test("ledger: findings print in their own section after the book's claims, with their own totals", async () => {
  const { status, out } = await ledger(["--no-write"], bothChecks, withFinding);
  assert.equal(status, 0);
  // The table's rows, after the summary (which names the finding that fails).
  const bookAt = out.indexOf(ID, out.indexOf("The book's claims"));
  const sectionAt = out.indexOf("The companion's findings (chapters/findings.tsv)");
  assert.ok(bookAt > 0 && sectionAt > bookAt && out.indexOf(FINDING, sectionAt) > sectionAt, out);
  assert.match(
    out,
    /Totals: the book's claims \(1\)\n.*\n\s+documented\s+1\s+0\s+0\s+0\s+0\n\s+all\s+1\s+0\s+0\s+0\s+0/,
  );
  assert.match(
    out,
    /Totals: the companion's findings \(1\)\n.*\n\s+found\s+0\s+0\s+1\s+0\s+0\n\s+all\s+0\s+0\s+1\s+0\s+0/,
  );
});

test("ledger: --json keeps the book's claims in `claims` and puts the findings in `findings`; --only selects over both", async () => {
  const json = JSON.parse((await ledger(["--json", "--no-write"], bothChecks, withFinding)).out) as LedgerJson;
  assert.deepEqual(
    json.claims.map((c) => c.id),
    [ID],
  );
  assert.deepEqual(json.findings, [{ id: FINDING, label: "found", verdict: "fails", evidence: "measured otherwise" }]);
  const only = JSON.parse((await ledger(["--json", "--only", "found"], bothChecks, withFinding)).out) as LedgerJson;
  assert.deepEqual([only.claims.length, only.findings.map((f) => f.id)], [0, [FINDING]]);
});

test("ledger: npm start --json or --no-write without -- (npm takes them, setting npm_config_*) is refused in one line naming the fix", async () => {
  const cases: [NodeJS.ProcessEnv, string][] = [
    [{ npm_lifecycle_event: "start", npm_config_json: "true" }, "--json"],
    [{ npm_lifecycle_event: "start", npm_config_write: "" }, "--no-write"],
    [{ npm_lifecycle_event: "start", npm_config_only: "ch38.bug" }, "--only ch38.bug"],
  ];
  for (const [env, option] of cases) {
    const { status, out, err } = await ledger([], bothChecks, withFinding, env);
    assert.equal(status, 2, option);
    assert.equal(out, "");
    assert.equal(err.trimEnd().split("\n").length, 1, err);
    assert.ok(err.includes(`npm took ${option} for itself`) && err.includes(`run npm start -- ${option}`), err);
  }
  const other = await ledger(["--json", "--no-write"], bothChecks, withFinding, {
    npm_lifecycle_event: "test",
    npm_config_json: "true",
  });
  assert.equal(other.status, 0, "only npm's start script is looked at");
});

test("ledger: a bare npm start says in one line that options go after -- (npm drops --only written without it)", async () => {
  const bare = await ledger([], bothChecks, withFinding, { npm_lifecycle_event: "start", npm_config_write: undefined });
  assert.match(
    bare.err,
    /^every claim and finding; for a subset: npm start -- --only REGEX \(without the --, npm takes --only itself and drops it\)\n/,
  );
  const direct = await ledger(["--no-write"], bothChecks, withFinding, { npm_lifecycle_event: "start" });
  assert.ok(!direct.err.includes("for a subset"));
});

test("ledger: --help prints the usage on stdout and exits 0 without running a check", async () => {
  let ran = false;
  const { status, out, err } = await ledger(
    ["--help"],
    [{ id: ID, run: async () => ((ran = true), verdictOf(true, "")) }],
  );
  assert.deepEqual([status, err, ran], [0, "", false]);
  assert.match(out, /^usage: npm start -- \[--json\] \[--only REGEX\] \[--no-write\]/);
});
