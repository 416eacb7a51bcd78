// Runs before every npm script, in plain Node because tsx itself may be missing: a reader who
// skipped `npm ci`, or whose checkout gained a dependency since, gets one line saying to run
// it instead of `sh: 1: tsx: not found` or a missing-module stack trace. It only reads the
// package.json of each direct dependency, so it costs a few milliseconds.
//   node scripts/lib/preflight.mjs [PROJECT_ROOT]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.argv[2] ?? fileURLToPath(new URL("../..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const wanted = { ...manifest.dependencies, ...manifest.devDependencies };

/** The installed package `name` as "version", or "package@version" when it is installed under another name; undefined when it is not installed. */
function installed(name) {
  try {
    const found = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8"));
    return found.name === name ? found.version : `${found.name}@${found.version}`;
  } catch {
    return undefined;
  }
}

const problems = Object.entries(wanted).flatMap(([name, pinned]) => {
  const found = installed(name);
  if (found === undefined) return [`${name} is not installed`];
  // An alias ("typescript-7": "npm:typescript@7.0.2") pins the package it installs, by name.
  const version = pinned.replace(/^npm:/, "");
  // Every dependency is pinned exactly, so anything else is an install from another lockfile.
  return found === version ? [] : [`${name} ${found} is installed, package.json pins ${version}`];
});

if (problems.length === Object.keys(wanted).length) {
  process.stderr.write("pi-book-companion: the dependencies are not installed; run npm ci first\n");
  process.exit(2);
}
if (problems.length > 0) {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  process.stderr.write(
    `pi-book-companion: node_modules does not match package.json: ${problems[0]}${more}; run npm ci\n`,
  );
  process.exit(2);
}
