// @ts-check
"use strict";
// The project's tslab kernel: `node --conditions=import start-kernel.cjs CONNECTION_FILE`.
//
// It starts tslab 1.0.22 with these changes, each explained where it is made:
// - the working directory is the project root, so cells import `./examples/...`;
// - cells and the project files they import are type-checked and compiled with the
//   project's TypeScript and settings, by one program and checker for the kernel's life
//   (converter.cjs, in place of tslab's converter, which made a new one per cell);
// - `.ts` imports between project files load at run time, imported files may use
//   import.meta, and `{ name }` shorthand works for names from earlier cells
//   (emit-fixes.cjs);
// - a type error, a throw and an escaped error each fail the cell with a name the
//   client can read (cell-failures.cjs);
// - every request gets the reply Jupyter's messaging protocol describes, after every
//   socket is bound (shell-channel.cjs, execute-request.cjs);
// - an interrupt aborts the Agents the cells hold that are still running (interrupt.cjs),
//   and one during a cell's type check cancels the cell (check-before-run.cjs).
// `--conditions=import` (set in kernel.json) lets require(), which tslab compiles cells
// to, resolve Pi's ESM-only packages; Node >= 20.19 can require() ES modules.
// tslab runs the compiled cells and project files. No tsx loads in this process: leaving
// its ES module hooks out saves every kernel start about 0.25 s of CPU and 0.2 to 0.45 s
// to kernel_info (scripts/notebooks/README.md has the figures), and its CommonJS hook made
// the require() of Pi's ES modules, in the first cell that imports them, slower still
// (pi-agent-core and pi-ai: 330 ms against 100 ms on Node 20). The pin check transpiles
// pin.ts itself (pin-check.cjs), and a child Node that a cell starts with this process's
// flags on a .ts file gets tsx's ES module hooks from process.execArgv (child-flags.cjs).

const { createRequire } = require("node:module");
const path = require("node:path");
const { patchedTypeScript } = require("./compiler-host.cjs");
const { lazyTypeScript } = require("./lazy-typescript.cjs");
const { createConverter } = require("./converter.cjs");
const { toCommonJsKeepingMaps } = require("./stack-traces.cjs");
const { withRewrittenModules } = require("./emit-fixes.cjs");
const { createCellFailures } = require("./cell-failures.cjs");
const { withAgentAbortOnInterrupt } = require("./interrupt.cjs");
const { createCheckBeforeRun } = require("./check-before-run.cjs");
const { withOutsideImportsRefused } = require("./outside-imports.cjs");
const { readerListings, withListingNotes } = require("./reader-listings.cjs");
const { createPendingWork } = require("./pending-work.cjs");
const { createHistory } = require("./history.cjs");
const { createExecuteRequests } = require("./execute-request.cjs");
const { isComplete } = require("./is-complete.cjs");
const { PROTOCOL_VERSION, installShellChannel } = require("./shell-channel.cjs");
const { readFileSync } = require("node:fs");
const { exitWithLauncher, usableSnapshot } = require("./program-snapshot.cjs");
const { createCheckService, withCheckService } = require("./check-service.cjs");
const { conversionCacheDir } = require("./conversion-cache.cjs");
const { requirePinnedPi } = require("./pin-check.cjs");
const { loadProjectTypeScript } = require("../../toolchain/typescript-code-cache.cjs");
const { passFlagsToChildren } = require("./child-flags.cjs");
const contract = require("./contract.json");

const projectRoot = path.resolve(__dirname, "..", "..", "..");
const connectionFile = process.argv[2];
if (connectionFile === undefined) {
  console.error("usage: node --conditions=import start-kernel.cjs CONNECTION_FILE (see kernel.json)");
  process.exit(2);
}

// tslab takes its working directory as TypeScript's rootDir: only files under it can be
// imported, and relative imports in a cell start there. Jupyter started the kernel in the
// notebook's folder, which outside-imports.cjs reads a relative import from too.
const notebookDir = process.cwd();
process.chdir(projectRoot);

exitWithLauncher();
passFlagsToChildren();
// First, so that it deserialises the program while this process loads tslab (check-service.cjs).
const checkService = createCheckService(() => usableSnapshot(projectRoot));
checkService.warm();
const fromProject = createRequire(path.join(projectRoot, "package.json"));
typescriptFromCodeCache();
const tslabMain = fromProject.resolve("tslab/dist/main.js");
const fromTslab = createRequire(tslabMain);
/**
 * Puts `exports` in the module cache as the module at `file`, so require() returns it.
 * @param {string} file
 * @param {unknown} exports
 */
function seedModule(file, exports) {
  const Module = require("node:module");
  const seeded = new Module(file);
  seeded.filename = file;
  seeded.loaded = true;
  seeded.exports = exports;
  require.cache[file] = seeded;
  return seeded;
}
/**
 * The project's TypeScript with the variance store hooked in
 * (scripts/toolchain/typescript-variances.cjs: TypeBox's variances measured once, not in every
 * kernel), compiled from V8's code cache kept beside the cells' cache, and the cache written
 * again as the kernel exits when it was missing or stale (scripts/toolchain/typescript-code-cache.cjs). No code
 * cache when the cells' cache is off.
 */
function typescriptFromCodeCache() {
  loadProjectTypeScript(fromProject.resolve("typescript"), projectRoot, conversionCacheDir(projectRoot));
}
/** @param {string} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
// tslab reads TypeScript through require(); give it the patched module, loaded only when
// a client first needs it (lazy-typescript.cjs), before any of tslab's own modules load.
const typescriptPath = fromTslab.resolve("@tslab/typescript-for-tslab");
const typescriptStandIn = seedModule(
  typescriptPath,
  lazyTypeScript(() => {
    // require() would return the stand-in; load the real module past it.
    delete require.cache[typescriptPath];
    try {
      return patchedTypeScript(fromTslab(typescriptPath));
    } finally {
      require.cache[typescriptPath] = typescriptStandIn;
    }
  }, readJson(fromTslab.resolve("@tslab/typescript-for-tslab/package.json")).version),
);
// The same module instances tslab's main.js uses, so the patches below are the ones it calls.
// tslab's executor reads every cell's metadata comments (`/** @node */` and the like)
// with metadata.js, which would load tslab's TypeScript for the first cell. It loads here
// with the project's TypeScript instead, whose scanner and JSDoc parser read them alike.
{
  const standIn = typescriptStandIn.exports;
  typescriptStandIn.exports = fromProject("typescript");
  try {
    fromTslab("./metadata.js");
  } finally {
    typescriptStandIn.exports = standIn;
  }
}
/** @type {typeof import("tslab/dist/executor")} */
const executorModule = fromTslab("./executor.js");
/** @type {typeof import("tslab/dist/converter")} */
const converterModule = fromTslab("./converter.js");
/** @type {typeof import("tslab/dist/jupyter")} */
const jupyterModule = fromTslab("./jupyter.js");
/** @type {typeof import("tslab/dist/main")} */
const { startKernel } = fromTslab("./main.js");
/** @type {{ version: string }} */
const { version: tslabVersion } = fromTslab("../package.json");

const failures = createCellFailures(contract);
const pendingWork = createPendingWork();
const history = createHistory();
const executeRequests = createExecuteRequests({ failures, pendingWork, history, pendingWorkField: contract.pendingWorkField, jupyterModule });

/**
 * The kernel_info_reply content less `status`; language_info is what Jupyter saves in a notebook.
 * @param {string} typescriptVersion
 * @param {string} implementationVersion
 */
function kernelInfo(typescriptVersion, implementationVersion) {
  return {
    protocol_version: PROTOCOL_VERSION,
    implementation: "tslab",
    implementation_version: implementationVersion,
    language_info: { ...contract.languageInfo, version: typescriptVersion },
    banner: `TypeScript ${typescriptVersion} (Pi companion, tslab ${implementationVersion})`,
    help_links: [],
  };
}

// tslab's main.js makes (and warms, before the kernel answers) its Node converter with
// this function; the kernel's converter takes its place. tslab's own is made only for a
// `%module` cell.
// Cells converted cleanly by an earlier kernel, kept under .cache/ (conversion-cache.cjs).
const tslabCreateConverter = converterModule.createConverter;
// tslab prints the kernel converter's inspect() answer with printQuickInfo, which reads
// only the displayParts, documentation and tags it has (cell-completion.cjs).
converterModule.createConverter = (options) => {
  if (options?.isBrowser) return tslabCreateConverter(options);
  const settings = {
    toCommonJs: (/** @type {string} */ js, /** @type {Map<string, import("./stack-traces.cjs").CommonJs>} */ known) =>
      toCommonJsKeepingMaps(fromProject("typescript"), js, projectRoot, known),
    tslabConverter: () => tslabCreateConverter(options),
    cacheDir: conversionCacheDir(projectRoot),
  };
  // A cell the cells' cache lacks is checked by the check service, when there is one (check-service.cjs).
  const converter = withCheckService(createConverter({ ts: fromProject("typescript"), projectRoot, ...settings }), checkService);
  return /** @type {import("tslab/dist/converter").Converter} */ (/** @type {unknown} */ (converter));
};

/**
 * The converter with a reader's own files in view: an import of a TypeScript file outside
 * the project is refused (outside-imports.cjs), and the first cell that loads a listing
 * PI_COMPANION_LISTINGS replaced says so (reader-listings.cjs).
 * @param {import("tslab/dist/converter").Converter} converter
 */
function readerConverter(converter) {
  const refused = withOutsideImportsRefused(fromProject("typescript"), converter, projectRoot, notebookDir);
  return withListingNotes(refused, readerListings(projectRoot), projectRoot, (line) => console.log(line));
}

/**
 * Awaited before a completion or an inspection: a check service answers it (check-service.cjs).
 * @type {(kind: "complete" | "inspect", code: string, position: number) => Promise<void>}
 */
let beforeProbe = async () => {};
const createExecutor = executorModule.createExecutor;
executorModule.createExecutor = function (rootDir, converters, console) {
  const cellConsole = executeRequests.withExecuteResult(failures.withThrowTracking(console));
  // An interrupt during a cell's type check cancels it (check-before-run.cjs).
  const checkBeforeRun = createCheckBeforeRun((error) => cellConsole.error(error));
  let node;
  const patchedConverters = {
    get node() {
      node ??= checkBeforeRun.withKeptCheck(failures.withTypeErrorTracking(readerConverter(withRewrittenModules(converters.node, projectRoot))));
      return node;
    },
    get browser() {
      return converters.browser;
    },
    close: () => converters.close(),
  };
  const executor = createExecutor(rootDir, patchedConverters, cellConsole);
  beforeProbe = (kind, code, position) => checkBeforeRun.prepareProbe(executor, kind, code, position);
  const loadAgent = () => fromProject("@earendil-works/pi-agent-core").Agent;
  return withAgentAbortOnInterrupt(failures.withFailureTracking(checkBeforeRun.withCheckFirst(executor)), loadAgent, (line) => console.log(line));
};

// Requests are read, answered and published by the kernel's own dispatcher
// (shell-channel.cjs) and execute requests run by execute-request.cjs: tslab's replied
// without fields Jupyter requires, left some requests unanswered and lost cells after a
// failing one. Each execute_reply also says what the cell left running
// (pending-work.cjs), in a field of its own that other clients ignore.
installShellChannel(jupyterModule.ZmqServer, {
  execute: executeRequests.execute,
  isComplete: (code) => isComplete(fromProject("typescript"), code),
  history,
  kernelInfo: kernelInfo(fromProject("typescript").version, tslabVersion),
  asKernelWork: pendingWork.asKernelWork,
  beforeProbe: (kind, code, position) => beforeProbe(kind, code, position),
});

// tslab installs handlers that only print; replace them with ones that fail the cell.
function start() {
  /** @type {Record<string, Function[]>} */
  const before = {
    uncaughtException: process.listeners("uncaughtException"),
    unhandledRejection: process.listeners("unhandledRejection"),
  };
  startKernel({ configPath: connectionFile, enableFindLocal: false, jsKernel: false, globalVersion: tslabVersion });
  // As a plain EventEmitter: Node's types take these two events one at a time.
  const emitter = /** @type {import("node:events").EventEmitter} */ (process);
  for (const [event, kept] of Object.entries(before)) {
    for (const listener of emitter.listeners(event)) {
      if (!kept.includes(listener)) emitter.removeListener(event, /** @type {(...args: any[]) => void} */ (listener));
    }
  }
  process.on("uncaughtException", (error) => failures.escaped("an uncaught exception", error));
  process.on("unhandledRejection", (reason) => failures.escaped("an unhandled rejection", reason));
}

// A kernel registered before another Pi was installed refuses to start, with the one line
// every entry point prints and exit status 2 (pin-check.cjs).
requirePinnedPi(fromProject("typescript"), projectRoot);
start();
