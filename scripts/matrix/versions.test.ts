import assert from "node:assert/strict";
import { test } from "node:test";
import { majorOneReleases, newestOf, releasesToMeasure } from "./versions.ts";

const served = [
  "0.87.1",
  "0.99.1",
  "1.0.3",
  "1.10.0",
  "1.3.0",
  "1.4.0-beta.1",
  "1.4.0-beta.10",
  "1.4.0-beta.9",
  "1.4.0",
  "1.5.2",
  "1.6.0",
  "2.0.0",
];

test("discovery keeps every served 1.x release, oldest first, without prereleases", () => {
  assert.deepEqual(majorOneReleases(served), ["1.0.3", "1.3.0", "1.4.0", "1.5.2", "1.6.0", "1.10.0"]);
});

test("versions order numerically, a prerelease before its release: 1.10.0 after 1.9.0, beta.10 after beta.9", () => {
  assert.equal(newestOf(["1.4.0", "1.10.0", "1.6.0"]), "1.10.0");
  assert.equal(newestOf(["1.4.0-beta.9", "1.4.0-beta.10"]), "1.4.0-beta.10");
  assert.equal(newestOf(["1.4.0-beta.10", "1.4.0"]), "1.4.0");
  assert.deepEqual(releasesToMeasure(served, "1.4.0,1.4.0-beta.10,1.4.0-beta.9,1.4.0-beta.1"), [
    "1.4.0-beta.1",
    "1.4.0-beta.9",
    "1.4.0-beta.10",
    "1.4.0",
  ]);
});

test("--versions narrows to the named served releases, sorted and without repeats", () => {
  assert.deepEqual(releasesToMeasure(served, "1.6.0, 1.0.3,1.6.0"), ["1.0.3", "1.6.0"]);
  assert.deepEqual(releasesToMeasure(served, undefined), majorOneReleases(served));
});

test("--versions with a version the registry does not serve is refused, naming it", () => {
  const problem = releasesToMeasure(served, "1.0.3,1.0.4");
  assert.ok(!Array.isArray(problem));
  assert.equal(problem.kind, "not-served");
  assert.deepEqual(problem.kind === "not-served" && problem.versions, ["1.0.4"]);
  assert.match(problem.message, /does not serve .*1\.0\.4/);
});

test("a malformed --versions value is refused with an example of the right form", () => {
  for (const value of ["", "1.6", "latest", "v1.6.0", "1.6.0+build", "1.0.3;1.6.0", "1.0.3,,1.6.0"]) {
    const problem = releasesToMeasure(served, value);
    assert.ok(!Array.isArray(problem), value);
    assert.equal(problem.kind, "malformed-versions", value);
    assert.match(problem.message, /--versions 1\.0\.3,1\.6\.0/);
  }
});
