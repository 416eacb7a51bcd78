import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { VERDICTS } from "./check.ts";
import { CRASH_DEFINITION, LABEL_DEFINITIONS, VERDICT_DEFINITIONS } from "./legend.ts";

const flat = (text: string) => text.replace(/\s+/g, " ");

test("legend: scripts/ledger/README.md states each verdict's and each label's definition in the words the ledger prints", () => {
  const readme = flat(readFileSync(join(PROJECT_ROOT, "scripts", "ledger", "README.md"), "utf8"));
  const entries: (readonly [string, string])[] = [
    ...VERDICTS.map((v): [string, string] => [v, VERDICT_DEFINITIONS[v]]),
    ["CRASH", CRASH_DEFINITION],
    ...LABEL_DEFINITIONS,
  ];
  const missing = entries
    .filter(([name, meaning]) => !readme.includes(flat(`- \`${name}\`: ${meaning}`)))
    .map(([name]) => name);
  assert.deepEqual(missing, [], "copy the definitions of legend.ts into scripts/ledger/README.md");
});
