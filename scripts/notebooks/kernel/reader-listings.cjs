// @ts-check
"use strict";
// A reader's own listings in the notebooks. PI_COMPANION_LISTINGS names a folder holding
// research-agent.ts and/or step.ts; it is read once, when the kernel starts. Their text
// stands in for ours under our file names, so a cell that imports
// ./examples/ch38-typed-step/step type-checks and runs the reader's code. The same switch
// as scripts/toolchain/listing-source.ts (a test holds the two lists of files equal).
const fs = require("node:fs");
const path = require("node:path");

const LISTINGS_ENV = "PI_COMPANION_LISTINGS";
const LISTINGS = {
  "research-agent": "examples/ch37-agent-core/research-agent.ts",
  step: "examples/ch38-typed-step/step.ts",
};

/**
 * Our listing file (absolute) → the reader's file that replaces it, for each listing their folder holds.
 * @param {string} projectRoot
 * @param {NodeJS.ProcessEnv} env
 */
function readerListings(projectRoot, env = process.env) {
  /** @type {Map<string, string>} */
  const replaced = new Map();
  const dir = env[LISTINGS_ENV];
  if (dir === undefined || dir === "") return replaced;
  for (const [name, ours] of Object.entries(LISTINGS)) {
    const theirs = path.resolve(dir, `${name}.ts`);
    if (fs.existsSync(theirs)) replaced.set(path.join(projectRoot, ours), theirs);
  }
  return replaced;
}

module.exports = { LISTINGS, readerListings };
