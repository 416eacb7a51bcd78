// @ts-check
"use strict";
// The Node flags a child of the kernel gets and the kernel itself does not: tsx's ES
// module hooks. The project's code starts a child Node on a .ts file with this process's
// flags (`[...process.execArgv, file]`, examples/support/run-file.ts and no-agents-md.ts),
// as it does under the project's scripts, where tsx is among them. The kernel loads no
// tsx (start-kernel.cjs says why), so the launcher, given `--child-import=URL` by the
// kernelspec, hands the kernel the module in CHILD_FLAGS_ENV, and the kernel adds
// `--import URL` to its process.execArgv without loading it.

const CHILD_FLAGS_ENV = "PI_COMPANION_KERNEL_CHILD_FLAGS";
const CHILD_IMPORT = "--child-import=";

/**
 * The launcher's side: its own `--child-import=URL` options taken out of the kernel's
 * command line, and the environment entry that hands them to the kernel.
 * @param {readonly string[]} argv
 * @returns {{ argv: string[], env: Record<string, string> }}
 */
function takeChildFlags(argv) {
  /** @type {string[]} */
  const flags = [];
  const rest = argv.filter((arg) => {
    if (!arg.startsWith(CHILD_IMPORT)) return true;
    flags.push("--import", arg.slice(CHILD_IMPORT.length));
    return false;
  });
  return { argv: rest, env: flags.length === 0 ? {} : { [CHILD_FLAGS_ENV]: JSON.stringify(flags) } };
}

/** The kernel's side: the flags the launcher handed it, added to process.execArgv, and kept from its own children's environment. */
function passFlagsToChildren() {
  const handed = process.env[CHILD_FLAGS_ENV];
  delete process.env[CHILD_FLAGS_ENV];
  if (handed === undefined) return;
  const flags = JSON.parse(handed);
  if (Array.isArray(flags) && flags.every((flag) => typeof flag === "string")) process.execArgv.push(...flags);
}

module.exports = { CHILD_FLAGS_ENV, passFlagsToChildren, takeChildFlags };
