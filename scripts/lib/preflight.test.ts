import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { BOOT, scriptEntry } from "./npm-scripts.ts";
import { PROJECT_ROOT } from "./paths.ts";

const PREFLIGHT = fileURLToPath(new URL("./preflight.mjs", import.meta.url));

/**
 * A project pinning tsx 4.23.15, typebox 1.3.27 and, under the name typescript-7, typescript
 * 7.0.2, with `installed` in its node_modules: "1.3.27", or "typescript@7.0.2" for a package
 * installed under another name than its own.
 */
function project(installed: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "preflight-"));
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({
      dependencies: { typebox: "1.3.27" },
      devDependencies: { tsx: "4.23.15", "typescript-7": "npm:typescript@7.0.2" },
    }),
  );
  for (const [folder, installs] of Object.entries(installed)) {
    const [name, version] = installs.includes("@") ? installs.split("@") : [folder, installs];
    mkdirSync(join(root, "node_modules", folder), { recursive: true });
    writeFileSync(join(root, "node_modules", folder, "package.json"), JSON.stringify({ name, version }));
  }
  return root;
}

const ALIASED = { "typescript-7": "typescript@7.0.2" };

function preflight(installed: Record<string, string>) {
  const root = project(installed);
  try {
    return spawnSync(process.execPath, [PREFLIGHT, root], { encoding: "utf8" });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("before npm ci: one line saying to run npm ci, exit 2 (not `sh: 1: tsx: not found`)", () => {
  const run = preflight({});
  assert.equal(run.stderr, "pi-book-companion: the dependencies are not installed; run npm ci first\n");
  assert.equal(run.status, 2);
});

test("a dependency added since the last npm ci: names it, says to run npm ci", () => {
  const run = preflight({ tsx: "4.23.15", ...ALIASED });
  assert.equal(
    run.stderr,
    "pi-book-companion: node_modules does not match package.json: typebox is not installed; run npm ci\n",
  );
  assert.equal(run.status, 2);
});

test("another version installed than package.json pins: names both", () => {
  const run = preflight({ tsx: "4.23.15", typebox: "1.4.0", ...ALIASED });
  assert.equal(
    run.stderr,
    "pi-book-companion: node_modules does not match package.json: typebox 1.4.0 is installed, package.json pins 1.3.27; run npm ci\n",
  );
  assert.equal(run.status, 2);
});

test("an alias installing another version than it pins: names both", () => {
  const run = preflight({ tsx: "4.23.15", typebox: "1.3.27", "typescript-7": "typescript@7.1.0" });
  assert.equal(
    run.stderr,
    "pi-book-companion: node_modules does not match package.json: typescript-7 typescript@7.1.0 is installed, package.json pins typescript@7.0.2; run npm ci\n",
  );
  assert.equal(run.status, 2);
});

test("an install matching package.json, an alias included: silent, exit 0", () => {
  const run = preflight({ tsx: "4.23.15", typebox: "1.3.27", ...ALIASED });
  assert.equal(run.stderr, "");
  assert.equal(run.status, 0);
});

test("every npm script boots through scripts/lib/boot.mjs, which runs the preflight first", () => {
  const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const [name, line] of Object.entries(scripts)) {
    // postinstall is npm's own step of `npm ci` (it relinks tsc), run before there is an install to check.
    if (name === "postinstall") continue;
    assert.ok(scriptEntry(line) !== undefined, `${name}: ${line}`);
  }
});

/** Runs `node --import boot.mjs -e …` in a copy of scripts/lib beside a project holding `installed`. */
function boot(installed: Record<string, string>) {
  const root = project(installed);
  try {
    mkdirSync(join(root, "scripts", "lib"), { recursive: true });
    for (const file of ["boot.mjs", "entries-without-pi.json", "preflight.mjs"])
      copyFileSync(join(dirname(PREFLIGHT), file), join(root, "scripts", "lib", file));
    return spawnSync(
      process.execPath,
      ["--import", join(root, "scripts", "lib", "boot.mjs"), "-e", "console.log('ran')"],
      {
        encoding: "utf8",
      },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("boot.mjs: before npm ci, the preflight's one line and exit 2, and the entry point does not run", () => {
  const run = boot({});
  assert.equal(run.stderr, "pi-book-companion: the dependencies are not installed; run npm ci first\n");
  assert.equal(run.stdout, "");
  assert.equal(run.status, 2);
});

test("boot.mjs: in this checkout, a TypeScript entry point runs, and Pi loads in it", () => {
  const entry = join(PROJECT_ROOT, "scripts", "lib", "fixtures", "typed-entry.ts");
  const run = spawnSync(process.execPath, ["--import", BOOT, entry], { encoding: "utf8", cwd: PROJECT_ROOT });
  assert.equal(run.stderr, "");
  assert.equal(run.stdout, "function\n");
  assert.equal(run.status, 0);
});
