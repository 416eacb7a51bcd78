import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { readAllClaims } from "../ledger/catalogue.ts";
import { CLAIM_MARKERS } from "../chapters/claim-plugin.ts";
import { CHAPTERS } from "../chapters/project.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

for (const chapter of CHAPTERS) {
  test(`${chapter.source} cites every claim and finding the catalogues assign to ${chapter.catalogueName}`, () => {
    const cited = new Set([...readFileSync(join(PROJECT_ROOT, chapter.source), "utf8").matchAll(CLAIM_MARKERS)].map((m) => m[1]));
    // The source column reads like "ch37", "ch37/ch38/recipe" or "ch37 (ch34)".
    const assigned = readAllClaims().map(({ claim }) => claim).filter((c) => c.source.split(/[/\s()]+/).includes(chapter.catalogueName));
    assert.deepEqual(assigned.map((c) => c.id).filter((id) => !cited.has(id)), []);
  });
}
