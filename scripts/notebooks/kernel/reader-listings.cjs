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

/**
 * Wraps the converter so that the first cell that loads a reader's listing (its emitted
 * file among the cell's side outputs) says, with `log`, whose file it loaded: the output
 * of a run with PI_COMPANION_LISTINGS then tells which code made it.
 * @param {import("tslab/dist/converter").Converter} converter
 * @param {Map<string, string>} replaced our listing file -> the reader's (readerListings)
 * @param {string} projectRoot
 * @param {(line: string) => void} log
 * @returns {import("tslab/dist/converter").Converter}
 */
function withListingNotes(converter, replaced, projectRoot, log) {
  const announced = new Set();
  return {
    ...converter,
    convert(prevDecl, src) {
      const converted = converter.convert(prevDecl, src);
      for (const output of converted.sideOutputs ?? []) {
        const ours = output.path.replace(/\.js$/, ".ts");
        const theirs = replaced.get(ours);
        if (theirs === undefined || announced.has(ours)) continue;
        announced.add(ours);
        log(`note: ${LISTINGS_ENV} is set: ${path.relative(projectRoot, ours)} is ${theirs}, your file, in this kernel`);
      }
      return converted;
    },
  };
}

module.exports = { LISTINGS, readerListings, withListingNotes };
