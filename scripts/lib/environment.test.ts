import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { measuredAt, measuredOn, measurementEnvironment } from "./environment.ts";
import { scratchDir } from "./scratch-dir.ts";

test("the day is the UTC date and the Node is this process's", () => {
  assert.deepEqual(measuredOn(new Date("2026-12-01T23:30:00-02:00")), {
    date: "2026-12-02",
    node: process.versions.node,
  });
});

test("in this checkout: a commit, the CPUs and a load average", () => {
  const env = measurementEnvironment();
  assert.match(env.commit, /^[0-9a-f]{12}$/);
  assert.ok(env.cpus >= 1 && env.load >= 0);
  assert.equal(measuredAt().commit, env.commit);
});

test("outside a git checkout (an unpacked tarball) the commit says so instead of failing", () => {
  const dir = scratchDir("not-a-checkout");
  assert.equal(measurementEnvironment(dir).commit, "unknown (not a git checkout)");
});
