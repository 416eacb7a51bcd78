import assert from "node:assert/strict";
import { test } from "node:test";
import { within } from "./within.ts";

test("within: a promise that settles in time gives its own value or error", async () => {
  assert.equal(await within(1_000, Promise.resolve(7), () => "late"), 7);
  await assert.rejects(
    within(1_000, Promise.reject(new Error("its own")), () => "late"),
    /^Error: its own$/,
  );
});

test(
  "within: a promise that never settles fails after the bound with the message why() gives then",
  { timeout: 5_000 },
  async () => {
    let asked = 0;
    const started = Date.now();
    await assert.rejects(
      within(200, new Promise(() => undefined), () => `late ${++asked}`),
      (error: Error) => error.message === "late 1",
    );
    assert.ok(Date.now() - started >= 190, `failed after ${Date.now() - started} ms`);
    assert.equal(asked, 1);
  },
);
