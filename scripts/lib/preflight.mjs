// Runs before every npm script (boot.mjs calls it), in plain Node because tsx itself may be
// missing: a reader who skipped `npm ci`, or whose checkout gained a dependency since, gets one
// line saying to run it instead of a missing-module stack trace. It only reads the
// package.json of each direct dependency, so it costs a few milliseconds.
//   node scripts/lib/preflight.mjs [PROJECT_ROOT]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The installed package `name` under `root` as "version", or "package@version" when it is
 * installed under another name; undefined when it is not installed.
 * @param {string} root
 * @param {string} name
 */
function installed(root, name) {
  try {
    const found = JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8"));
    return found.name === name ? found.version : `${found.name}@${found.version}`;
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with the install under `root`, as the one line a reader is shown (saying to
 * run npm ci), or undefined when node_modules holds exactly what package.json pins.
 * @param {string} root
 * @returns {string | undefined}
 */
export function installProblem(root) {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  /** @type {Record<string, string>} */
  const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
  const problems = Object.entries(wanted).flatMap(([name, pinned]) => {
    const found = installed(root, name);
    if (found === undefined) return [`${name} is not installed`];
    // An alias ("typescript-7": "npm:typescript@7.0.2") pins the package it installs, by name.
    const version = pinned.replace(/^npm:/, "");
    // Every dependency is pinned exactly, so anything else is an install from another lockfile.
    return found === version ? [] : [`${name} ${found} is installed, package.json pins ${version}`];
  });
  if (problems.length === Object.keys(wanted).length)
    return "pi-book-companion: the dependencies are not installed; run npm ci first";
  if (problems.length === 0) return undefined;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return `pi-book-companion: node_modules does not match package.json: ${problems[0]}${more}; run npm ci`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = installProblem(process.argv[2] ?? fileURLToPath(new URL("../..", import.meta.url)));
  if (problem !== undefined) {
    process.stderr.write(`${problem}\n`);
    process.exit(2);
  }
}
