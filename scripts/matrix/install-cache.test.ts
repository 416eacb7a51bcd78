import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { readCompleteInstall, type InstallSpec } from "./install-cache.ts";

const cache = mkdtempSync(join(tmpdir(), "matrix-cache-"));
after(() => rmSync(cache, { recursive: true, force: true }));

const spec: InstallSpec = {
  key: "1.4.0",
  dependencies: { "@earendil-works/pi-agent-core": "1.4.0", "@earendil-works/pi-ai": "1.4.0" },
};
const versions = { core: "1.4.0", ai: "1.4.0", typebox: "1.3.27" };

function folder(key: string, marker: object | undefined): void {
  mkdirSync(join(cache, key, "node_modules"), { recursive: true });
  if (marker !== undefined) writeFileSync(join(cache, key, ".install-complete.json"), JSON.stringify(marker));
}

test("cache: a finished install (marker written last) is reused with the versions it recorded", () => {
  folder("1.4.0", { dependencies: { ...spec.dependencies, typebox: "1.3.27" }, versions });
  assert.deepEqual(readCompleteInstall(cache, spec), {
    key: "1.4.0",
    dir: join(cache, "1.4.0"),
    versions,
    reused: true,
  });
});

test("cache: a half install (no marker) is never reused", () => {
  folder("1.5.0", undefined);
  assert.equal(readCompleteInstall(cache, { ...spec, key: "1.5.0" }), undefined);
});

test("cache: an install made for other dependencies is not reused", () => {
  folder("1.6.0", {
    dependencies: { "@earendil-works/pi-agent-core": "1.6.0", "@earendil-works/pi-ai": "1.5.2" },
    versions,
  });
  const wanted: InstallSpec = {
    key: "1.6.0",
    dependencies: { "@earendil-works/pi-agent-core": "1.6.0", "@earendil-works/pi-ai": "1.6.0" },
  };
  assert.equal(readCompleteInstall(cache, wanted), undefined);
});
