import assert from "node:assert/strict";
import { test } from "node:test";
import { isExactVersion } from "./dependencies.ts";

test("a declared range is exact when it names one version, a prerelease included; any other range is not", () => {
  for (const range of ["1.0.3", "1.4.0-beta.10", "0.64.0"]) assert.ok(isExactVersion(range), range);
  for (const range of ["^1.0.3", "~1.0.3", ">=1.0.3", "1.x", "1.0", "*", "latest", ""])
    assert.ok(!isExactVersion(range), range);
});
