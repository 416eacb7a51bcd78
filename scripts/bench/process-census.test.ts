import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { censusByKind, censusEnvironment, censusTable, kindOf, readCensus, type CensusRow } from "./process-census.ts";

const scratch = mkdtempSync(join(tmpdir(), "process-census-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const ROOT = "/home/me/pi-book";

/** A fresh census directory, and a script in `scratch` named `name` with `code`. */
function setUp(name: string, code: string): { dir: string; script: string } {
  const dir = mkdtempSync(join(scratch, "census-"));
  const script = join(scratch, name);
  writeFileSync(script, code);
  return { dir, script };
}

const BUSY = (ms: number) => `const until = Date.now() + ${ms}; while (Date.now() < until) {}`;

test("bench.census: every Node process started under the census environment is counted with its CPU, a child's child too", () => {
  const { dir, script } = setUp("child.cjs", BUSY(300));
  const parent = join(scratch, "parent.cjs");
  writeFileSync(parent, `require("node:child_process").spawnSync(process.execPath, [${JSON.stringify(script)}]);`);
  const ran = spawnSync(process.execPath, [parent], { env: censusEnvironment(dir) });
  assert.equal(ran.status, 0, String(ran.stderr));
  const rows = readCensus(dir);
  const child = rows.find((row) => row.argv[0] === script);
  assert.deepEqual(rows.map((row) => row.argv[0]).sort(), [parent, script].sort());
  assert.ok(child !== undefined && child.cpuSeconds >= 0.2, JSON.stringify(rows));
  assert.equal(child.ppid, rows.find((row) => row.argv[0] === parent)!.pid);
});

test("bench.census: a process killed with SIGKILL (as a test stops a kernel) still counts, up to its last write", async () => {
  // Busy in slices, as a kernel is between its messages: the probe's timer runs between them.
  const { dir, script } = setUp("forever.cjs", `(function spin() { ${BUSY(50)}; setImmediate(spin); })();`);
  const child = spawn(process.execPath, [script], { env: censusEnvironment(dir), stdio: "ignore" });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  child.kill("SIGKILL");
  await new Promise((resolve) => child.on("exit", resolve));
  const [row] = readCensus(dir);
  assert.ok(row !== undefined && row.cpuSeconds >= 0.3, JSON.stringify(row));
});

test("bench.census: the options already in NODE_OPTIONS are kept, the probe after them", () => {
  const env = censusEnvironment("/tmp/census", { NODE_OPTIONS: "--max-old-space-size=4096" });
  assert.match(env.NODE_OPTIONS!, /^--max-old-space-size=4096 --require ".*census-probe\.cjs"$/);
  assert.equal(env.PI_COMPANION_CENSUS_DIR, "/tmp/census");
});

const row = (argv: string[], cpuSeconds = 1, cwd = ROOT): CensusRow => ({ pid: 1, ppid: 0, argv, cwd, cpuSeconds });

test("bench.census: each process is counted as the kind its script says", () => {
  const kinds: [string[], string][] = [
    [
      [`${ROOT}/scripts/notebooks/kernel/start-kernel.cjs`, "/tmp/k/connection.json"],
      "kernels and their check services",
    ],
    [["/tmp/second/scripts/notebooks/kernel/checkout-kernel.cjs"], "kernels and their check services"],
    [[`${ROOT}/scripts/matrix/port-at-releases.test.ts`], "test files (their own processes)"],
    [[`${ROOT}/scripts/lib/test-files-in-one-process.ts`, "a.test.ts"], "test files (their own processes)"],
    [["scripts/ledger/main.ts", "--json"], "ledger runs (npm start)"],
    [[`${ROOT}/scripts/listings/main.ts`, "/tmp/mine"], "listings runs (npm run listings)"],
    [[`${ROOT}/scripts/fuzz/main.ts`], "fuzz runs (npm run fuzz)"],
    [
      [`${ROOT}/examples/ch37-agent-core/counterexamples/ch37.tool.iserror-channel.ts`],
      "the examples' files run as children (counterexamples, demonstrations)",
    ],
    [[`${ROOT}/node_modules/typescript/bin/tsc`, "-p", ROOT], "tsc"],
    [["/usr/lib/node_modules/npm/bin/npm-cli.js", "run", "ch37"], "npm itself"],
    [[`${ROOT}/scripts/test/unit.ts`], "the suite's runners (npm test, test:unit, typecheck, notebooks)"],
    [[`${ROOT}/scripts/notebooks/main.ts`], "the suite's runners (npm test, test:unit, typecheck, notebooks)"],
    [[`${ROOT}/scripts/toolchain/fixtures/variance-check.cjs`, "plain"], "test fixtures run as children"],
    [[`${ROOT}/scripts/matrix/probe-install.ts`], "the project's other commands (chapter tables, matrix, format, …)"],
    [[], "other Node processes (node -e, temporary fixtures)"],
    [["/tmp/run-file-x/prints.ts"], "other Node processes (node -e, temporary fixtures)"],
  ];
  assert.deepEqual(
    kinds.map(([argv]) => [argv, kindOf(row(argv), ROOT)]),
    kinds,
  );
});

test("bench.census: the table sums CPU by kind, most first, with each kind's share and the total", () => {
  const rows = [
    row([`${ROOT}/scripts/notebooks/kernel/start-kernel.cjs`], 3),
    row([`${ROOT}/scripts/notebooks/kernel/start-kernel.cjs`], 3),
    row([`${ROOT}/scripts/ledger/main.ts`], 2.5),
    row([`${ROOT}/node_modules/typescript/bin/tsc`], 1.5),
  ];
  assert.deepEqual(
    censusByKind(rows, ROOT).map((k) => [k.kind, k.processes, k.cpuSeconds]),
    [
      ["kernels and their check services", 2, 6],
      ["ledger runs (npm start)", 1, 2.5],
      ["tsc", 1, 1.5],
    ],
  );
  assert.deepEqual(censusTable(rows, ROOT), {
    header: ["processes of npm test", "count", "CPU", "share"],
    rows: [
      ["kernels and their check services", "2", "6.0 s", "60%"],
      ["ledger runs (npm start)", "1", "2.5 s", "25%"],
      ["tsc", "1", "1.5 s", "15%"],
      ["every Node process", "4", "10.0 s", "100%"],
    ],
  });
});
