// The kernel's conversion cache must never reuse a cell's check after the code it checked
// changed. A reader's listings folder (PI_COMPANION_LISTINGS) is read under our file names,
// so the entries' own file hashes cannot see an edit there: the fingerprint must.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";

const { fingerprintOf } = createRequire(import.meta.url)("./kernel/conversion-cache.cjs") as {
  fingerprintOf(inputs: { ts: { version: string }; options: object; projectRoot: string; kernelDir: string }): string;
};

const folder = mkdtempSync(join(tmpdir(), "pi-companion-listings-"));
const kernelDir = mkdtempSync(join(tmpdir(), "pi-companion-kernel-"));
after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(kernelDir, { recursive: true, force: true });
});

function fingerprintWithListings(): string {
  const before = process.env.PI_COMPANION_LISTINGS;
  process.env.PI_COMPANION_LISTINGS = folder;
  try {
    return fingerprintOf({ ts: { version: "5.9.3" }, options: {}, projectRoot: PROJECT_ROOT, kernelDir });
  } finally {
    if (before === undefined) delete process.env.PI_COMPANION_LISTINGS;
    else process.env.PI_COMPANION_LISTINGS = before;
  }
}

it("kernel cache: editing a reader's listing in the same folder changes the fingerprint, so no stale conversion is reused", () => {
  writeFileSync(join(folder, "step.ts"), "export const turns = 1;\n");
  const first = fingerprintWithListings();
  assert.equal(fingerprintWithListings(), first, "the same text gives the same fingerprint");
  writeFileSync(join(folder, "step.ts"), "export const turns = 2;\n");
  assert.notEqual(fingerprintWithListings(), first);
});
