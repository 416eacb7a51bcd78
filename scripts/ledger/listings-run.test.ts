// npm start -- --listings DIR: the ledger with a reader's listings in place of ours. With the
// book's two listings transcribed, every verdict is the pin's; with the unfixed turn guard,
// the claims that depend on the guard turn; and such a run never writes appendix/.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { runCommand } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { isNoRegistryAnswer, readPinVerdicts } from "./verdicts-at-pin.ts";
import type { LedgerJson, LedgerJsonEntry } from "./render.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";

const FIXTURES = "scripts/listings/fixtures";

/** The ledger as a reader runs it (`--json`, every id, no `--no-write`), with `--listings dir`. */
async function ledgerWith(dir: string): Promise<{ code: number | null; json: LedgerJson | undefined; stderr: string }> {
  // Not a child of this test runner: NODE_TEST_CONTEXT would turn step.test.ts's own run into a reporter for this one.
  const { NODE_TEST_CONTEXT: _runner, npm_lifecycle_event: _npm, ...env } = process.env;
  const { code, stdout, stderr } = await runCommand(
    process.execPath,
    asNpmRunsIt("scripts/ledger/main.ts", ["--json", "--listings", dir]),
    { cwd: PROJECT_ROOT, env },
  );
  let json: LedgerJson | undefined;
  try {
    json = JSON.parse(stdout) as LedgerJson;
  } catch {
    json = undefined;
  }
  return { code, json, stderr };
}

const entries = (json: LedgerJson) =>
  new Map<string, LedgerJsonEntry>([...json.claims, ...json.findings].map((e) => [e.id, e]));
const gitStatus = async () =>
  (await runCommand("git", ["status", "--porcelain", "appendix"], { cwd: PROJECT_ROOT })).stdout;

// One run at a time: each takes most of the machine for most of a minute.
const before = gitStatus();
const book = before.then(() => ledgerWith(`${FIXTURES}/book`));
const unfixed = book.then(() => ledgerWith(`${FIXTURES}/unfixed-guard`));
const committed = readPinVerdicts()!;

test("ledger --listings: the book's two listings transcribed give every verdict of the pin, and the evidence names whose code ran", async () => {
  const { code, json, stderr } = await book;
  assert.equal(code, 0, stderr);
  assert.ok(json !== undefined, stderr);
  assert.deepEqual(json.listings, {
    "research-agent": `${FIXTURES}/book/research-agent.ts`,
    step: `${FIXTURES}/book/step.ts`,
  });
  const fresh = entries(json);
  for (const [id, verdict] of Object.entries(committed.verdicts)) {
    const entry = fresh.get(id);
    assert.ok(
      entry !== undefined && "verdict" in entry,
      `${id}: no verdict (${entry && "crash" in entry ? entry.crash : "missing"})`,
    );
    if (isNoRegistryAnswer(entry)) continue;
    assert.equal(entry.verdict, verdict, `${id}: ${entry.evidence}`);
  }
  // The claims about the book's code: the listings compile, the table, the lookup's bound, the research step.
  for (const id of [
    "ch37.code.listing-compiles",
    "ch38.code.listing-compiles",
    "ch38.tests.fourteen",
    "ch37.lookup.bounded",
    "ch38.parallel-steps",
    "ch37.transcript.shape",
  ]) {
    const entry = fresh.get(id)!;
    assert.ok(
      "evidence" in entry && entry.evidence.includes(`code run: `) && entry.evidence.includes(`${FIXTURES}/book/`),
      `${id}: ${"evidence" in entry ? entry.evidence : ""}`,
    );
  }
  // A claim about Pi's files loads no listing, and says nothing about one.
  const deps = fresh.get("ch37.deps.two-runtime-deps")!;
  assert.ok("evidence" in deps && !deps.evidence.includes("code run:"), "evidence" in deps ? deps.evidence : "");
});

test("ledger --listings: with the unfixed turn guard, the claims that depend on the guard turn, and only they", async () => {
  const { code, json, stderr } = await unfixed;
  assert.equal(code, 0, stderr);
  assert.ok(json !== undefined, stderr);
  const turned = [...entries(json)]
    .filter(
      ([id, e]) =>
        id in committed.verdicts && "verdict" in e && !isNoRegistryAnswer(e) && e.verdict !== committed.verdicts[id],
    )
    .map(([id, e]) => `${id}: ${committed.verdicts[id]} → ${"verdict" in e ? e.verdict : ""}`);
  assert.deepEqual(turned.sort(), [
    "ch38.fixed.exactly-maxTurns-requests: holds → fails",
    "ch38.found.stream-call-after-abort: holds → fails",
    "ch38.turn-limit.returns-stored: holds → fails",
  ]);
  const bound = entries(json).get("ch38.turn-limit.returns-stored")!;
  assert.ok(
    "evidence" in bound &&
      bound.evidence.includes(`code run: `) &&
      bound.evidence.includes(`${FIXTURES}/unfixed-guard/step.ts (the reader's)`),
    "evidence" in bound ? bound.evidence : "",
  );
  assert.deepEqual(json.listings, {
    "research-agent": "examples/ch37-agent-core/research-agent.ts",
    step: `${FIXTURES}/unfixed-guard/step.ts`,
  });
});

test("ledger --listings: a run of a reader's listings leaves appendix/ as it was (it is not the pin's measurement of our code)", async () => {
  const status = await before;
  await unfixed;
  assert.equal(await gitStatus(), status);
});

test("ledger --listings: a folder that does not exist is one line, exit 2", async () => {
  const { code, json, stderr } = await ledgerWith(join("scripts", "listings", "no-such-folder"));
  assert.equal(code, 2);
  assert.equal(json, undefined);
  assert.equal(
    stderr,
    "pi-book-companion: --listings scripts/listings/no-such-folder: no such folder; give the folder that holds your research-agent.ts and/or step.ts\n",
  );
});
