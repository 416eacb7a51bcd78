// @ts-check
"use strict";
// The entry `node --build-snapshot` runs to make the kernel's startup snapshot
// (program-snapshot.cjs builds it; read there why). It loads the project's TypeScript and
// the kernel's converter, builds the type-check program and checks examples/ with it,
// and leaves them in the heap, for the deserialized main function to hand the kernel.
// A snapshot builder can require built-in modules only, so the kernel's own modules and
// TypeScript are loaded by the small loader here.

const fs = require("node:fs");
const path = require("node:path");
const v8 = require("node:v8");
const vm = require("node:vm");

/** @type {Map<string, { exports: any }>} */
const loaded = new Map();
/**
 * A CommonJS module by absolute file name; its `./` requires load the same way, the rest are built-in.
 * @param {string} file
 */
function load(file) {
  const known = loaded.get(file);
  if (known !== undefined) return known.exports;
  const module = { exports: {} };
  loaded.set(file, module);
  const dir = path.dirname(file);
  /** @param {string} specifier */
  const requireHere = (specifier) => (specifier.startsWith(".") ? load(path.resolve(dir, specifier)) : require(specifier));
  const wrapper = vm.compileFunction(fs.readFileSync(file, "utf8"), ["exports", "require", "module", "__filename", "__dirname"], { filename: file });
  wrapper(module.exports, requireHere, module, file, dir);
  return module.exports;
}

const kernelDir = __dirname;
// `node --build-snapshot snapshot-entry.cjs TYPESCRIPT_FILE PROJECT_ROOT` (program-snapshot.cjs's buildSnapshot).
const [typescriptFile, projectRoot] = process.argv.slice(2);
if (typescriptFile === undefined || projectRoot === undefined) throw new Error("usage: node --snapshot-blob BLOB --build-snapshot snapshot-entry.cjs TYPESCRIPT_FILE PROJECT_ROOT");
/** @type {typeof import("typescript")} */
const ts = load(typescriptFile);
/** @type {typeof import("./converter.cjs")} */
const { createConverter } = load(path.join(kernelDir, "converter.cjs"));
const unset = () => {
  throw new Error("the kernel started from the snapshot did not hand its converter its settings");
};
/** @type {import("./program-snapshot.cjs").SnapshotState["settings"]} */
const settings = { toCommonJs: unset, tslabConverter: unset, cacheDir: undefined };
const converter = createConverter({
  ts,
  projectRoot,
  toCommonJs: (js, known) => settings.toCommonJs(js, known),
  tslabConverter: () => settings.tslabConverter(),
  get cacheDir() {
    return settings.cacheDir;
  },
});
converter.warm();

v8.startupSnapshot.setDeserializeMainFunction(() => {
  // Loaded now, by Node's own require: a module compiled into the snapshot cannot import().
  const { runKernelFromSnapshot } = require("node:module").createRequire(path.join(kernelDir, "snapshot-entry.cjs"))("./run-from-snapshot.cjs");
  runKernelFromSnapshot({ ts, converter, settings }).catch((/** @type {unknown} */ error) => {
    console.error("the kernel did not start from its snapshot:", error);
    process.exit(1);
  });
});
