// @ts-check
"use strict";
// The entry `node --build-snapshot` runs to make the kernel's startup snapshot
// (program-snapshot.cjs builds it; read there why). It loads the project's TypeScript with
// the variance store hooked in and the kernel's converter, checks examples/ in a converter
// it then drops (which fills the variance store with TypeBox's variances), builds the
// type-check program in another, unchecked, and leaves that one in the heap for the
// deserialized main function, which serves a kernel's checks with it (check-service.cjs).
// A snapshot builder can require built-in modules only, so the kernel's own modules and
// TypeScript are loaded by the small loader here.

const fs = require("node:fs");
const path = require("node:path");
const v8 = require("node:v8");
const vm = require("node:vm");

/** @type {Map<string, { exports: any }>} */
const loaded = new Map();
/**
 * A CommonJS module by absolute file name (run as `source`); its `./` requires load the same way, the rest are built-in.
 * @param {string} file
 * @param {string} [source]
 */
function load(file, source = fs.readFileSync(file, "utf8")) {
  const known = loaded.get(file);
  if (known !== undefined) return known.exports;
  const module = { exports: {} };
  loaded.set(file, module);
  const dir = path.dirname(file);
  /** @param {string} specifier */
  const requireHere = (specifier) => (specifier.startsWith(".") ? load(path.resolve(dir, specifier)) : require(specifier));
  const wrapper = vm.compileFunction(source, ["exports", "require", "module", "__filename", "__dirname"], { filename: file });
  wrapper(module.exports, requireHere, module, file, dir);
  return module.exports;
}

const kernelDir = __dirname;
// `node --build-snapshot snapshot-entry.cjs TYPESCRIPT_FILE PROJECT_ROOT` (program-snapshot.cjs's buildSnapshot).
const [typescriptFile, projectRoot] = process.argv.slice(2);
if (typescriptFile === undefined || projectRoot === undefined) throw new Error("usage: node --snapshot-blob BLOB --build-snapshot snapshot-entry.cjs TYPESCRIPT_FILE PROJECT_ROOT");
/** @type {typeof import("../../toolchain/typescript-variances.cjs")} */
const variances = load(path.join(kernelDir, "..", "..", "toolchain", "typescript-variances.cjs"));
// The store as a plainly started process would use it (PI_COMPANION_TYPESCRIPT_VARIANCES at the build).
const hooked = variances.varianceStoreFor(typescriptFile, projectRoot);
/** @type {typeof import("typescript")} */
const ts = load(typescriptFile, hooked?.source);
hooked?.install(ts);
/** @type {typeof import("./converter.cjs")} */
const { createConverter } = load(path.join(kernelDir, "converter.cjs"));
const unset = () => {
  throw new Error("the check service started from the snapshot did not hand its converter its settings");
};
/** @type {import("./check-service.cjs").ServiceState["settings"]} */
const settings = { toCommonJs: unset, tslabConverter: unset, cacheDir: undefined };
const makeConverter = () =>
  createConverter({
    ts,
    projectRoot,
    toCommonJs: (js, known) => settings.toCommonJs(js, known),
    tslabConverter: () => settings.tslabConverter(),
    get cacheDir() {
      return settings.cacheDir;
    },
  });
// A checked program held 141 MB of the snapshot, which took 3 s to deserialise against
// 1.2 s for the 63 MB of an unchecked one; TypeBox's variances, the costly part of a first
// check, come from the store instead.
makeConverter().warm();
const converter = makeConverter();
converter.buildProgram();

v8.startupSnapshot.setDeserializeMainFunction(() => {
  // Loaded now, by Node's own require: a module compiled into the snapshot cannot import().
  const { serveChecks } = require("node:module").createRequire(path.join(kernelDir, "snapshot-entry.cjs"))("./check-service.cjs");
  serveChecks({ ts, converter, settings });
});
