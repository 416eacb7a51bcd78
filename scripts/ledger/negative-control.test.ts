import assert from "node:assert/strict";
import { test } from "node:test";
import { readCatalogue } from "./catalogue.ts";
import { negativeControl } from "./negative-control.ts";

test("negative control: 'the core declares three runtime dependencies' is reported fails, with the measured count", async () => {
  const result = await negativeControl.run();
  assert.equal(result.verdict, "fails");
  assert.match(result.evidence, /declares 2 runtime dependencies/);
});

test("negative control: it is not a catalogue claim, so it never enters the ledger's counts", () => {
  assert.ok(!readCatalogue().some((claim) => claim.id === negativeControl.id));
});
