import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";

const pinned: string = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).devDependencies.typescript;
const posix = process.platform !== "win32" || "npm writes .cmd shims on Windows";

test(`npx tsc is the pinned TypeScript ${pinned}, not tslab's own copy, after npm ci`, { skip: !posix }, () => {
  const version = execFileSync(join(PROJECT_ROOT, "node_modules", ".bin", "tsc"), ["--version"], { encoding: "utf8" });
  assert.equal(
    version.trim(),
    `Version ${pinned}`,
    "node_modules/.bin/tsc; npm ci's postinstall (scripts/toolchain/link-tsc.mjs) links it",
  );
});

test(
  "link-tsc points tsc and tsserver at typescript where npm linked them to @tslab/typescript-for-tslab",
  { skip: !posix },
  () => {
    const root = mkdtempSync(join(tmpdir(), "link-tsc-"));
    try {
      for (const pkg of ["typescript", "@tslab/typescript-for-tslab"]) {
        mkdirSync(join(root, "node_modules", pkg, "bin"), { recursive: true });
        for (const name of ["tsc", "tsserver"]) writeFileSync(join(root, "node_modules", pkg, "bin", name), "");
      }
      mkdirSync(join(root, "node_modules", ".bin"));
      symlinkSync("../@tslab/typescript-for-tslab/bin/tsc", join(root, "node_modules", ".bin", "tsc"));
      execFileSync(process.execPath, [join(PROJECT_ROOT, "scripts", "toolchain", "link-tsc.mjs"), root]);
      for (const name of ["tsc", "tsserver"])
        assert.equal(readlinkSync(join(root, "node_modules", ".bin", name)), join("..", "typescript", "bin", name));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
);
