// The reader's README and the maintainers' scripts/README.md under test: each figure they give
// comes from the file that measured it, and the README stays one screen per path.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { readCatalogue } from "./catalogue.ts";
import { readPinVerdicts } from "./verdicts-at-pin.ts";

const README = join(PROJECT_ROOT, "README.md");
const MAINTAINERS = join(PROJECT_ROOT, "scripts", "README.md");
const readme = readFileSync(README, "utf8");

/** The ids in the first column of the README table that follows `heading`. */
function tableIds(text: string, heading: string): string[] {
  const start = text.indexOf(heading);
  assert.ok(start >= 0, `README.md has no "${heading}"`);
  const lines = text.slice(start).split("\n").slice(1);
  const rows = lines.slice(lines.findIndex((l) => l.startsWith("|")));
  const table = rows.slice(
    0,
    rows.findIndex((l) => !l.startsWith("|")),
  );
  return table.slice(2).map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1] ?? `(no id in: ${row})`);
}

test("README: at most 150 lines, in the reader's order", () => {
  const lines = readme.split("\n").length;
  assert.ok(lines <= 150, `README.md has ${lines} lines; move reference material to scripts/README.md`);
  const order = [
    "## Two commands",
    "## Read along",
    "## Check your own code",
    "## What the companion found",
    "## Where things are",
  ];
  const at = order.map((h) => readme.indexOf(h));
  assert.deepEqual(
    order.filter((h, i) => at[i] < 0 || (i > 0 && at[i] < at[i - 1])),
    [],
    "sections missing or out of order",
  );
});

test("README: the table of qualified claims is every book claim qualified at the pin, and none fails", () => {
  const committed = readPinVerdicts();
  assert.ok(committed, "appendix/verdicts-at-pin.json is missing: run npm start");
  const bookIds = new Set(readCatalogue().map((c) => c.id));
  const atPin = (verdict: string) =>
    Object.entries(committed.verdicts)
      .filter(([id, v]) => bookIds.has(id) && v === verdict)
      .map(([id]) => id)
      .sort();
  assert.deepEqual(atPin("fails"), [], "a book claim fails at the pin: give the README a table of what fails");
  assert.deepEqual(tableIds(readme, "The qualified claims").sort(), atPin("qualified"));
});

test("README and scripts/README.md: every relative link names a file of the repository", () => {
  for (const file of [README, MAINTAINERS]) {
    const text = readFileSync(file, "utf8");
    const broken = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(resolve(dirname(file), target)));
    assert.deepEqual(broken, [], `${file}: links to nothing`);
  }
});

test("README: 'under a minute' for npm start is appendix C's measured ledger wall time", () => {
  assert.ok(readme.includes("It takes under a minute on two idle cores"));
  const appendix = readFileSync(join(PROJECT_ROOT, "appendix", "C-benchmarks.md"), "utf8");
  const row = /^\| ledger \(this commit\) \| ([\d.]+) s \|/m.exec(appendix);
  assert.ok(row, "appendix C has no row '| ledger (this commit) | N s |': run npm run bench");
  assert.ok(
    Number(row[1]) < 60,
    `appendix C measured the ledger at ${row[1]} s: the README must not say under a minute`,
  );
});

test("scripts/README.md: the packages npm asks to approve install scripts for are the lockfile's", () => {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const names = Object.entries(lock.packages)
    // The root entry (""), whose postinstall is the project's own, is not a package npm asks about.
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript)
    .map(([path]) => path.replace(/^.*node_modules\//, ""))
    .sort();
  const text = readFileSync(MAINTAINERS, "utf8").replace(/\s+/g, " ");
  const said = /"(\d+) packages have install scripts not yet covered by allowScripts" \(([^)]*)\)/.exec(text);
  assert.ok(said, "scripts/README.md no longer quotes npm's install-scripts note");
  assert.equal(Number(said[1]), names.length, `npm lists ${names.length}: ${names.join(", ")}`);
  assert.deepEqual(said[2].split(", ").sort(), names);
});
