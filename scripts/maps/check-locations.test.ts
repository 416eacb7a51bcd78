import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { readAllClaims } from "../ledger/catalogue.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import {
  checkLocations,
  CHECKS_DIR,
  LEDGER_README,
  misplacedIds,
  renderCheckLocations,
  withCheckLocations,
} from "./check-locations.ts";

const IDS = readAllClaims().map(({ claim }) => claim.id);

test(`${LEDGER_README}: the table of where each claim's check is, as npm run maps writes it from today's check files (run npm run maps)`, () => {
  const readme = readFileSync(join(PROJECT_ROOT, LEDGER_README), "utf8");
  assert.equal(readme, withCheckLocations(readme, renderCheckLocations(checkLocations(PROJECT_ROOT, IDS))));
});

test("every id of claims.tsv and findings.tsv is declared in exactly one check file", () => {
  assert.deepEqual(misplacedIds(checkLocations(PROJECT_ROOT, IDS), IDS), { missing: [], twice: [] });
});

test("a check file's id is found as id: \"…\" or as a check builder's first argument; an id only named in evidence is not", (t) => {
  const root = mkdtempSync(join(tmpdir(), "check-locations-"));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, CHECKS_DIR, "ch38-behaviour"), { recursive: true });
  writeFileSync(
    join(root, CHECKS_DIR, "a.ts"),
    `const checks = [{ id: "ch37.one", run }, staticCheck("ch37.two", f)];\nconst e = \`(see ch37.three)\`;`,
  );
  writeFileSync(
    join(root, CHECKS_DIR, "ch38-behaviour", "b.ts"),
    `tableCheck("ch37.two");\nif (r.claim === "ch37.three") x();`,
  );
  const files = checkLocations(root, ["ch37.one", "ch37.two", "ch37.three"]);
  assert.deepEqual(files, [
    { file: "a.ts", ids: ["ch37.one", "ch37.two"] },
    { file: "ch38-behaviour/b.ts", ids: ["ch37.two"] },
  ]);
  assert.deepEqual(misplacedIds(files, ["ch37.one", "ch37.two", "ch37.three"]), {
    missing: ["ch37.three"],
    twice: ["ch37.two in a.ts, ch38-behaviour/b.ts"],
  });
});
