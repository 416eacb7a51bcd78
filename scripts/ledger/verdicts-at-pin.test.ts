// appendix/verdicts-at-pin.json under test. First the rules verdicts-at-pin.ts writes it by,
// on a made-up run. Then the committed file against one fresh ledger run (a child process,
// every id, nothing written), one test per committed id. Evidence may change; a verdict may
// not, unless the run that changed it rewrote the file and the commit says why.
import assert from "node:assert/strict";
import { runCommand } from "../lib/command.ts";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { readAllClaims, readCatalogue } from "./catalogue.ts";
import { VERDICTS } from "./check.ts";
import { once } from "./once.ts";
import type { LedgerJson, LedgerJsonEntry } from "./render.ts";
import {
  describeChange,
  isNoRegistryAnswer,
  PIN_VERDICTS_PATH,
  pinVerdictsOf,
  pinVerdictsText,
  readPinVerdicts,
  verdictChanges,
  writePinVerdictsIfChanged,
  type PinVerdicts,
} from "./verdicts-at-pin.ts";
import { asNpmRunsIt } from "../lib/npm-scripts.ts";
import { scratchDir } from "../lib/scratch-dir.ts";

const pin = { core: "1.0.3", ai: "1.0.3", typebox: "1.3.27" };
const json: LedgerJson = {
  pin,
  node: "20.20.2",
  claims: [{ id: "ch37.a", label: "documented", verdict: "holds", evidence: "e1" }],
  findings: [{ id: "ch38.found.b", label: "found", verdict: "qualified", evidence: "condition: x; counterexample: y" }],
};

test("verdicts at the pin: {pin, verdicts} holds every book id then every finding id, verdicts only", () => {
  assert.deepEqual(pinVerdictsOf(json), {
    pin,
    verdicts: { "ch37.a": "holds", "ch38.found.b": "qualified" },
    kept: [],
  });
});

test("verdicts at the pin: a run with a crashed check stands for nothing and names the crash", () => {
  const crashed = { ...json, findings: [{ id: "ch38.found.b", label: "found", crash: "TypeError: x" }] };
  assert.deepEqual(pinVerdictsOf(crashed), { crashed: ["ch38.found.b"] });
});

test("verdicts at the pin: written when a verdict changed, naming it; left untouched when only evidence changed", () => {
  const path = join(scratchDir("verdicts-at-pin"), "verdicts-at-pin.json");
  const first = pinVerdictsOf(json) as PinVerdicts;
  assert.deepEqual(
    [writePinVerdictsIfChanged(first, path)].map((w) => [w.written, w.created]),
    [[true, true]],
  );
  const before = statSync(path).mtimeMs;
  const sameVerdicts = pinVerdictsOf({
    ...json,
    claims: [{ id: "ch37.a", label: "documented", verdict: "holds", evidence: "other words" }],
  });
  assert.deepEqual(writePinVerdictsIfChanged(sameVerdicts as PinVerdicts, path), {
    written: false,
    created: false,
    changes: [],
  });
  assert.equal(statSync(path).mtimeMs, before);
  const flipped = { pin, verdicts: { "ch37.a": "fails", "ch38.found.b": "qualified" } } satisfies PinVerdicts;
  const { written, created, changes } = writePinVerdictsIfChanged(flipped, path);
  assert.deepEqual([written, created], [true, false]);
  assert.deepEqual(changes.map(describeChange), ["ch37.a: holds → fails"]);
  assert.equal(readFileSync(path, "utf8"), pinVerdictsText(flipped));
});

test("verdicts at the pin: an added or removed id is a change", () => {
  const was = { pin, verdicts: { a: "holds", gone: "fails" } } satisfies PinVerdicts;
  const now = { pin, verdicts: { a: "holds", added: "not-checkable" } } satisfies PinVerdicts;
  assert.deepEqual(verdictChanges(was, now).map(describeChange), [
    "added: (new id) → not-checkable",
    "gone: fails → (id removed)",
  ]);
});

test("verdicts at the pin: a registry lookup that went unanswered keeps the committed verdict, and says so", () => {
  const offline = {
    ...json,
    claims: [
      {
        id: "ch37.a",
        label: "documented",
        verdict: "not-checkable" as const,
        evidence: "registry metadata unavailable: npm view x: printed nothing",
      },
    ],
  };
  const committed = { pin, verdicts: { "ch37.a": "holds", "ch38.found.b": "qualified" } } satisfies PinVerdicts;
  assert.deepEqual(pinVerdictsOf(offline, committed), { pin, verdicts: committed.verdicts, kept: ["ch37.a"] });
  const measured = {
    ...json,
    claims: [
      { id: "ch37.a", label: "documented", verdict: "not-checkable" as const, evidence: "about another chapter" },
    ],
  };
  assert.deepEqual(pinVerdictsOf(measured, committed), {
    pin,
    verdicts: { "ch37.a": "not-checkable", "ch38.found.b": "qualified" },
    kept: [],
  });
});

const committed = readPinVerdicts();

/** Runs the ledger once for all the tests below: `--json --no-write`, every id. */
const freshRun = once(async (): Promise<{ byId: Map<string, LedgerJsonEntry>; stderr: string }> => {
  // As a reader's run: not under npm's start script, and not a child of this test runner
  // (NODE_TEST_CONTEXT would turn ch38.tests.fourteen's own `node --test` into a reporter
  // for this one, and it would count 0 tests).
  const { NODE_TEST_CONTEXT: _runner, npm_lifecycle_event: _npm, ...env } = process.env;
  const { code, stdout, stderr } = await runCommand(
    process.execPath,
    asNpmRunsIt("scripts/ledger/main.ts", ["--json", "--no-write"]),
    { cwd: PROJECT_ROOT, env },
  );
  let json: LedgerJson;
  try {
    json = JSON.parse(stdout) as LedgerJson;
  } catch {
    throw new Error(`the ledger exited ${code} without its JSON: ${stderr.trim().split("\n").at(-1) ?? ""}`);
  }
  return { byId: new Map([...json.claims, ...json.findings].map((e) => [e.id, e])), stderr };
});

test("verdicts at the pin: appendix/verdicts-at-pin.json lists every id of claims.tsv then findings.tsv, in catalogue order", () => {
  assert.ok(committed !== undefined, `${PIN_VERDICTS_PATH} is missing: run npm start at the pin and commit it`);
  assert.deepEqual(
    Object.keys(committed.verdicts),
    readAllClaims().map(({ claim }) => claim.id),
    "the ids differ from the catalogues: run npm start at the pin and commit appendix/verdicts-at-pin.json",
  );
});

for (const [id, verdict] of Object.entries(committed?.verdicts ?? {})) {
  test(`verdict at the pin: ${id} is ${verdict}`, async (t) => {
    const fresh = (await freshRun()).byId.get(id);
    assert.ok(fresh !== undefined, `${id}: committed ${verdict}, but the fresh run has no such id`);
    assert.ok(
      "verdict" in fresh,
      `${id}: committed ${verdict}, but its check crashed in the fresh run: ${"crash" in fresh ? fresh.crash : ""}`,
    );
    // A registry lookup that got no answer says nothing about the package: skip, saying so.
    if (fresh.verdict !== verdict && isNoRegistryAnswer(fresh)) {
      t.skip(`the npm registry did not answer this run (${fresh.evidence})`);
      return;
    }
    assert.equal(
      fresh.verdict,
      verdict,
      `${id}: committed ${verdict}, a fresh run at the pin gives ${fresh.verdict} (${fresh.evidence}). ` +
        "If that is right, run npm start and commit appendix/verdicts-at-pin.json with a line saying why.",
    );
  });
}

// Issue 10 §2 re-judged every check: a condition the book does not state makes a verdict qualified.
const REJUDGED = true;

test(
  'verdicts at the pin: no holds names a condition (evidence with "condition:" is qualified, or the check is wrong)',
  { todo: REJUDGED ? false : "issue 10 §2 re-judges these checks" },
  async () => {
    const { byId } = await freshRun();
    const defects = [...byId.values()]
      .filter((e) => "verdict" in e && e.verdict === "holds" && e.evidence.includes("condition:"))
      .map((e) => e.id);
    assert.deepEqual(defects, [], `holds whose evidence names a condition: ${defects.join(", ")}`);
  },
);

test("verdicts at the pin: the README's totals are those of appendix/verdicts-at-pin.json", () => {
  assert.ok(committed !== undefined);
  const bookIds = new Set(readCatalogue().map((c) => c.id));
  const totals = (inBook: boolean) => {
    const verdicts = Object.entries(committed.verdicts)
      .filter(([id]) => bookIds.has(id) === inBook)
      .map(([, v]) => v);
    return `${verdicts.length} ${inBook ? "claims" : "findings"}: ${VERDICTS.map((v) => `${verdicts.filter((x) => x === v).length} ${v}`).join(", ")}`;
  };
  const expected = `At the pin, the book's ${totals(true)}; the companion's ${totals(false)}.`;
  const readme = readFileSync(join(PROJECT_ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
  assert.ok(readme.includes(expected), `README.md should say: ${expected}`);
});
