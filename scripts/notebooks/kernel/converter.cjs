// @ts-check
"use strict";
// The kernel's converter: type-checks a cell and compiles it, and the project files it
// imports, to the CommonJS tslab's executor runs. It stands in for tslab 1.0.22's own
// converter, which built a new TypeScript program, and so a new type checker, for every
// cell (twice per cell), and re-checked the project files the cell reached with it. A
// CPU profile of ch38-typed-step put most of a notebook's time there: the generic step()
// calls and TypeBox schemas cost seconds of type relations in every fresh checker.
//
// Here one program and one type checker (the project's pinned TypeScript) live as long
// as the kernel. The project's files are in the program from the start; each cell is a
// source file of its own, bound and checked by that checker beside the program, so what
// the checker learned about Pi's and the project's types is kept from cell to cell. A
// cell sees the names of earlier cells the way tslab made it see them: its source
// file's parent is the previous successful cell's, and name resolution walks up that
// chain after the cell's own scope. A project file edited on disk makes a new program
// (and checker), as does a cell importing a file outside the program.

const path = require("node:path");
const fs = require("node:fs");
const { readableDiagnostics } = require("./diagnostics.cjs");
const { projectCompilerOptions } = require("./compiler-host.cjs");
const { expandEarlierCellShorthands } = require("./emit-fixes.cjs");
const { readerListings } = require("./reader-listings.cjs");
const { completeInCell, inspectInCell } = require("./cell-completion.cjs");
const { keptCommonJs, namedCellCode, withoutInlineMap } = require("./stack-traces.cjs");
const { cellImportOf, executorSpecifier, forEachIdentifier, liveImportExpression } = require("./live-imports.cjs");
const { chainKeyOf, createConversionCache, fingerprintOf, renamedCellEsm, sha256 } = require("./conversion-cache.cjs");
const { globalsBeyondLib, libOnlyRoot, reachesFiles } = require("./lib-only-program.cjs");
const { createDeferral, declaresForEveryFile, deferredPackageDirs } = require("./deferred-declarations.cjs");

/** @typedef {import("./typescript-internals.js").TypeScript} TypeScript */
/** @typedef {import("./typescript-internals.js").CellFile} CellFile */
/** @typedef {import("./typescript-internals.js").Program} Program */
/** @typedef {import("typescript").SourceFile} SourceFile */
/** @typedef {import("typescript").Node} Node */
/** @typedef {import("tslab/dist/converter").ConvertResult} ConvertResult */
/** @typedef {import("tslab/dist/converter").Diagnostic} KernelDiagnostic */
/** @typedef {import("./conversion-cache.cjs").ReachedFile} ReachedFile */

/**
 * The converter the kernel gives tslab's executor. Its inspect() answers in the shape
 * tslab's inspect reply reads (cell-completion.cjs), not a full QuickInfo.
 * The rest serve check-service.cjs: `entryAfter` in the service, the others in the kernel.
 * @typedef {Omit<import("tslab/dist/converter").Converter, "inspect"> & {
 *   inspect(prevDecl: string, src: string, position: number): ReturnType<typeof inspectInCell>,
 *   warm(): void,
 *   buildProgram(): void,
 *   warmStep(): boolean,
 *   chainOf(prevDecl: string): string[],
 *   entryAfter(chain: string[], src: string): ServedCheck,
 *   probeAfter(kind: "complete" | "inspect", chain: string[], src: string, position: number): ServedProbe,
 *   cachedEntry(prevDecl: string, src: string): import("./conversion-cache.cjs").Entry | undefined,
 *   convertWithEntry(prevDecl: string, src: string, entry: import("./conversion-cache.cjs").Entry): ConvertResult,
 *   deferredDeclarations(): "stubbed" | "read",
 * }} KernelConverter
 */
/**
 * A check service's answer (check-service.cjs): the checked cell as the cells' cache keeps it, its diagnostics, or why there is neither.
 * @typedef {{ kind: "entry", entry: import("./conversion-cache.cjs").Entry } | { kind: "diagnostics", diagnostics: KernelDiagnostic[] } | { kind: "failed", message: string }} ServedCheck
 */
/**
 * A check service's completion or inspection (check-service.cjs), or why there is none.
 * @typedef {{ kind: "probed", answer: unknown } | { kind: "failed", message: string }} ServedProbe
 */

const CELL_PREFIX = "__tslab_cell_";
/** `off`: the program reads the providers' SDKs' declarations from the start (deferred-declarations.cjs). */
const DEFERRED_ENV = "PI_COMPANION_KERNEL_DEFERRED_SDKS";

/**
 * tslab's compiler options (less `declaration`: tsc does not report declaration errors), with the project's laid over them.
 * @param {TypeScript} ts
 * @param {string} projectRoot
 * @returns {import("typescript").CompilerOptions}
 */
function kernelCompilerOptions(ts, projectRoot) {
  return {
    // ESNext keeps dynamic import() and top-level await; the executor gets CommonJS from
    // tslab's second step (esModuleToCommonJSModule).
    module: ts.ModuleKind.ESNext,
    esModuleInterop: true,
    target: ts.ScriptTarget.ES2022,
    newLine: ts.NewLineKind.LineFeed,
    experimentalDecorators: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.React,
    allowJs: true,
    checkJs: true,
    skipLibCheck: true,
    // Emitted files land under outDir mirroring the project; tslab names them back.
    rootDir: projectRoot,
    outDir: path.join(projectRoot, "outDir"),
    ...projectCompilerOptions(ts),
  };
}

/**
 * The project files a notebook may import: examples/ as tsconfig.json includes it, less
 * its tests (a cell importing one still works, at the cost of a new program).
 * @param {TypeScript} ts
 * @param {string} projectRoot
 */
function projectRootFiles(ts, projectRoot) {
  return ts.sys
    .readDirectory(path.join(projectRoot, "examples"), [".ts"], ["**/fixtures/**", "**/*.fails-to-compile.ts", "**/*.test.ts"])
    .filter((file) => !file.endsWith(".d.ts"));
}

// Packages a cell imports directly; in the program from the start so that importing one
// later does not cost a new checker.
const SEED_PACKAGES = ["@earendil-works/pi-agent-core", "@earendil-works/pi-ai", "@earendil-works/pi-ai/models", "typebox", "tslab"];

/**
 * Every module specifier in `file` (its string literal): imports, exports, dynamic import(), import types.
 * @param {TypeScript} ts
 * @param {SourceFile} file
 */
function moduleSpecifierLiterals(ts, file) {
  /** @type {import("typescript").StringLiteralLike[]} */
  const found = [];
  /** @param {Node} node */
  function visit(node) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push(node.moduleReference.expression);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  return found;
}

/**
 * Every module specifier in `file`: imports, exports, dynamic import(), import types.
 * @param {TypeScript} ts
 * @param {SourceFile} file
 */
function moduleSpecifiers(ts, file) {
  return moduleSpecifierLiterals(ts, file).map((literal) => literal.text);
}

/**
 * A cell's source file as the checker expects a program's files to be: bound, and with
 * the `imports` a program records (printing a type from a module reads them).
 * @param {TypeScript} ts
 * @param {CellFile} cell
 * @param {import("typescript").CompilerOptions} options
 */
function bindCell(ts, cell, options) {
  cell.imports = moduleSpecifierLiterals(ts, cell);
  cell.moduleAugmentations = [];
  cell.ambientModuleNames = [];
  ts.bindSourceFile(cell, options);
  return cell;
}

/**
 * Whether `file` awaits outside any function: tslab then runs it in an async wrapper.
 * @param {TypeScript} ts
 * @param {SourceFile} file
 */
function hasTopLevelAwait(ts, file) {
  let found = false;
  /** @param {Node} node */
  function visit(node) {
    if (found || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier !== undefined)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  }
  ts.forEachChild(file, visit);
  return found;
}

/**
 * A converter with the interface tslab's executor calls (`convert`, `inspect`,
 * `complete`, `addModule`, `close`). `ts` is the project's TypeScript; `toCommonJs` turns
 * an emitted ES module into the CommonJS the executor runs (stack-traces.cjs keeps maps),
 * reusing the transpilations in `known`;
 * `tslabConverter()` makes tslab's own converter, used only for `%module` cells (see
 * README). Completion and inspection see earlier cells' names (cell-completion.cjs).
 * With `cacheDir`, a cell that converted cleanly in an earlier kernel, after the same
 * cells and with the same files, is taken from there (conversion-cache.cjs), and the
 * program is built only when a cell is not (or for completion).
 * @param {{
 *   ts: typeof import("typescript"),
 *   projectRoot: string,
 *   toCommonJs: (js: string, known: Map<string, import("./stack-traces.cjs").CommonJs>) => string,
 *   tslabConverter: () => import("tslab/dist/converter").Converter,
 *   cacheDir?: string,
 * }} settings
 * @returns {KernelConverter}
 */
function createConverter(settings) {
  const { projectRoot } = settings;
  // Read when first needed, not now: a converter built into the kernel's startup snapshot
  // (program-snapshot.cjs) gets the running check service's cache directory and emit step then.
  /** @type {Map<string, import("./stack-traces.cjs").CommonJs>} ES module text -> its CommonJS (warm() fills it) */
  const commonJs = new Map();
  /** @param {string} js */
  const toCommonJs = (js) => settings.toCommonJs(js, commonJs);
  const tslabConverter = () => settings.tslabConverter();
  const ts = /** @type {TypeScript} */ (settings.ts);
  const options = kernelCompilerOptions(ts, projectRoot);
  /** @type {ReturnType<typeof createConversionCache> | null} null until made */
  let conversionCache = null;
  const cacheOf = () => {
    // Made only once there is a directory: the snapshot's build asks too (warm), with none
    // yet, and an answer kept from then left the service started from it with no cache.
    if (conversionCache === null && settings.cacheDir !== undefined) {
      conversionCache = createConversionCache(settings.cacheDir, fingerprintOf({ ts, options, projectRoot, kernelDir: __dirname }));
    }
    return conversionCache ?? undefined;
  };
  /** @type {import("typescript").CompilerHost} */
  const host = ts.createCompilerHost(options);
  // A reader's listings (PI_COMPANION_LISTINGS) are read in place of ours, under our names.
  const replaced = readerListings(projectRoot);
  const readFile = host.readFile.bind(host);
  host.readFile = (/** @type {string} */ fileName) => readFile(replaced.get(fileName) ?? fileName);
  // As tsc does: JSDoc is parsed only where it can make a type error (JavaScript files),
  // which spares most of the parse of Pi's provider SDKs' declarations.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  // Source files by name, kept across programs; a file is read again when it changes.
  /** @type {Map<string, { sourceFile: SourceFile, mtimeMs: number, size: number }>} */
  const files = new Map();
  const getSourceFile = host.getSourceFile;
  const libOnly = libOnlyRoot(ts, projectRoot);
  // The providers' SDKs' declarations, stubbed until a check reads them (deferred-declarations.cjs);
  // undefined once the program holds the real ones.
  let deferral = process.env[DEFERRED_ENV] === "off" ? undefined : createDeferral(ts, deferredPackageDirs(projectRoot));
  /** @type {string | undefined} what the stubbed SDK files declare for every file ("" for nothing), once scanned */
  let deferredDeclareForAll;
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (fileName === libOnly.fileName) return libOnly.sourceFile;
    const stub = deferral?.stubFor(fileName, languageVersion);
    if (stub !== undefined) return stub;
    const known = files.get(fileName);
    if (known !== undefined && !shouldCreate) return known.sourceFile;
    const sourceFile = getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate);
    if (sourceFile !== undefined) files.set(fileName, { sourceFile, ...statOf(fileName) });
    return sourceFile;
  };
  // No resolution cache: a file a reader creates after a cell failed to import it is
  // found when the cell runs again.
  /**
   * @param {string} specifier
   * @param {string} containingFile
   */
  const resolve = (specifier, containingFile) => ts.resolveModuleName(specifier, containingFile, options, host);

  const roots = new Set(projectRootFiles(ts, projectRoot));
  for (const specifier of SEED_PACKAGES) {
    const resolved = resolve(specifier, path.join(projectRoot, "package.json")).resolvedModule;
    if (resolved !== undefined) roots.add(resolved.resolvedFileName);
  }

  /** @type {Map<string, Map<string, import("typescript").ResolvedModuleWithFailedLookupLocations>>} cell path -> specifier -> resolution */
  const cellResolutions = new Map();
  /**
   * declOutput token -> the cell's chain key, text, previous cell's token, and its source
   * file (made when the checker needs it).
   * @type {Map<string, { chainKey: string, src: string, previous: string, file?: CellFile, reaches?: boolean }>}
   */
  const cells = new Map();
  let cellCount = 0;
  /** @type {Program} undefined until ensureProgram() */
  let program;
  /** @type {import("typescript").TypeChecker} */
  let checker;
  /** @type {Map<string, string>} project file name -> the hash of the text last emitted */
  const emitted = new Map();

  /** Whether the program is the whole one (examples/ and the seed packages), not the lib-only one. */
  let whole = false;
  /** @type {string[]} the whole program's files that declare globals, which the lib-only program holds too */
  let globalFiles = [];
  /**
   * The program and checker, built on first need: a kernel whose cells all come from the
   * cache never builds them. The lib-only program (lib-only-program.cjs) when `libOnlyWill`
   * and a kernel recorded which files of the whole one declare globals for these inputs
   * (the lib-only program then holds them too); the whole one otherwise, and from then on.
   */
  function ensureProgram(libOnlyWill = false) {
    if (whole) return;
    const facts = libOnlyWill && program === undefined ? cacheOf()?.programFacts() : undefined;
    if (facts !== undefined) {
      globalFiles = facts.globalsBeyondLib.map((file) => path.resolve(projectRoot, file));
      newProgram();
      return;
    }
    if (libOnlyWill && program !== undefined) return;
    whole = true;
    newProgram();
    recordProgramFacts();
  }

  /** The whole program's files that add globals, recorded once for these inputs (the cells' cache). */
  function recordProgramFacts() {
    const cache = cacheOf();
    if (cache === undefined || cache.programFacts() !== undefined) return;
    const libOnlyProgram = ts.createProgram({ rootNames: [libOnly.fileName], options, host });
    cache.storeProgramFacts({
      globalsBeyondLib: globalsBeyondLib(ts, program, libOnlyProgram, projectRoot),
      ...(deferredDeclareForAll === undefined ? {} : { deferredDeclareForAll }),
    });
  }

  /** @param {string} fileName */
  function statOf(fileName) {
    try {
      const { mtimeMs, size } = fs.statSync(replaced.get(fileName) ?? fileName);
      return { mtimeMs, size };
    } catch {
      return { mtimeMs: -1, size: -1 };
    }
  }

  /**
   * @param {string} fileName
   * @param {string} text
   */
  function sameText(fileName, text) {
    try {
      return host.readFile(fileName) === text;
    } catch {
      return false;
    }
  }

  function newProgram() {
    const rootNames = whole ? [...roots] : [libOnly.fileName, ...globalFiles];
    program = /** @type {Program} */ (ts.createProgram({ rootNames, options, host, oldProgram: program }));
    // The checker asks the program how a file's imports resolved; a cell is not one of
    // the program's files, so its resolutions come from here.
    const getResolvedModule = program.getResolvedModule;
    program.getResolvedModule = (file, specifier, mode) =>
      cellResolutions.get(/** @type {CellFile} */ (file).path)?.get(specifier) ?? getResolvedModule.call(program, file, specifier, mode);
    checker = program.getTypeChecker();
    if (deferral === undefined) return;
    deferral.watch();
    if (deferral.stubbed().length === 0) return;
    deferredDeclareForAll ??= cacheOf()?.programFacts()?.deferredDeclareForAll ?? declaresForEveryFile(ts, deferral.stubbed(), options, host) ?? "";
    if (deferredDeclareForAll !== "") readDeferredDeclarations(true);
  }

  /**
   * Whether the program was just made again with the providers' SDKs' real declarations:
   * when a check read a stub's exports since the program was made (or `now`). The caller
   * then checks again what it checked.
   */
  function readDeferredDeclarations(now = false) {
    if (deferral === undefined || !(now || deferral.wasRead())) return false;
    deferral = undefined;
    newProgram();
    return true;
  }

  /** A project file changed on disk since it was read: drop it, and make a new program. */
  function refreshChangedFiles() {
    if (program === undefined) return;
    let changed = false;
    for (const [fileName, known] of files) {
      if (fileName.includes(`${path.sep}node_modules${path.sep}`)) continue;
      const now = statOf(fileName);
      if (now.mtimeMs === known.mtimeMs && now.size === known.size) continue;
      // Touched but not changed (a checkout, a save without edits): keep the program, and
      // with it what the checker worked out (a new checker costs seconds of type relations).
      if (now.size === known.size && sameText(fileName, known.sourceFile.text)) {
        known.mtimeMs = now.mtimeMs;
        continue;
      }
      files.delete(fileName);
      changed = true;
    }
    if (changed) newProgram();
  }

  /**
   * The resolutions of `cell`'s imports; false when one needs a file the program lacks,
   * which is then added to the roots of the next program (unless `probe`).
   * @param {CellFile} cell
   */
  function resolveCellImports(cell, probe = false) {
    /** @type {Map<string, import("typescript").ResolvedModuleWithFailedLookupLocations>} */
    const resolutions = new Map();
    let missing = false;
    for (const specifier of moduleSpecifiers(ts, cell)) {
      const resolution = resolve(specifier, cell.fileName);
      resolutions.set(specifier, resolution);
      const resolved = resolution.resolvedModule?.resolvedFileName;
      if (resolved !== undefined && program.getSourceFile(resolved) === undefined) {
        if (!probe) roots.add(resolved);
        missing = true;
      }
    }
    cellResolutions.set(cell.path, resolutions);
    return !missing;
  }

  /**
   * Whether `fileName` is one of the project's own source files (not a package's, not a declaration file).
   * @param {string} fileName
   */
  function isProjectSource(fileName) {
    return !fileName.includes(`${path.sep}node_modules${path.sep}`) && !fileName.endsWith(".d.ts") && !path.relative(projectRoot, fileName).startsWith("..");
  }

  /**
   * For a name an earlier cell imported from a project file (live-imports.cjs): the file
   * and the specifier and member the cell reads it by; undefined for any other name.
   * @param {import("typescript").Symbol | undefined} symbol
   * @param {CellFile} cell
   */
  function liveImportOf(symbol, cell) {
    const imported = cellImportOf(ts, symbol, cell, isCell);
    if (imported === undefined) return undefined;
    const resolved = cellResolutions.get(/** @type {CellFile} */ (imported.file).path)?.get(imported.specifier)?.resolvedModule?.resolvedFileName;
    if (resolved === undefined || !isProjectSource(resolved)) return undefined;
    return { fileName: resolved, specifier: executorSpecifier(projectRoot, resolved), member: imported.member };
  }

  /** @type {Map<string, Set<string>>} cell path -> file names */
  const liveImportFiles = new Map();
  /**
   * The project files earlier cells imported that `cell` uses by name: it reaches them too.
   * @param {CellFile} cell
   */
  function recordLiveImports(cell) {
    /** @type {Set<string>} */
    const files = new Set();
    forEachIdentifier(ts, checker, cell, (_identifier, symbol) => {
      const live = liveImportOf(symbol, cell);
      if (live !== undefined) files.add(live.fileName);
    });
    liveImportFiles.set(cell.path, files);
  }

  /**
   * The project's own files `cell` reaches through its imports and earlier cells' imports it uses, transitively.
   * @param {CellFile} cell
   * @returns {SourceFile[]}
   */
  function reachedProjectFiles(cell) {
    /** @type {Set<string>} */
    const reached = new Set();
    /** @type {CellFile[]} the project's files, with the imports the program recorded */
    const queue = [];
    /** @param {string | undefined} fileName */
    const enqueue = (fileName) => {
      if (fileName === undefined || reached.has(fileName)) return;
      const file = program.getSourceFile(fileName);
      if (file === undefined || file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) return;
      if (path.relative(projectRoot, fileName).startsWith("..")) return;
      reached.add(fileName);
      queue.push(/** @type {CellFile} */ (file));
    };
    for (const resolution of cellResolutions.get(cell.path)?.values() ?? []) enqueue(resolution.resolvedModule?.resolvedFileName);
    for (const fileName of liveImportFiles.get(cell.path) ?? []) enqueue(fileName);
    while (queue.length > 0) {
      const file = /** @type {CellFile} */ (queue.shift());
      for (const specifier of file.imports ?? []) {
        enqueue(program.getResolvedModule(file, specifier.text, program.getModeForUsageLocation(file, specifier))?.resolvedModule?.resolvedFileName);
      }
    }
    // Each was enqueued because the program has it.
    return [...reached].sort().map((fileName) => /** @type {SourceFile} */ (program.getSourceFile(fileName)));
  }

  /**
   * The top-level names `src` declares, which the cell exports for later cells.
   * @param {string} src
   */
  function declaredNames(src) {
    const probe = /** @type {CellFile} */ (ts.createSourceFile(`${CELL_PREFIX}probe.ts`, src, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS));
    ts.bindSourceFile(probe, options);
    return [...(probe.locals?.keys() ?? [])];
  }

  /**
   * @param {string} src
   * @param {CellFile | undefined} previous
   */
  function makeCell(src, previous) {
    const names = declaredNames(src);
    // The export list makes the cell a module, and hands its names to the executor.
    const text = `${src}\nexport {${names.join(", ")}};\n`;
    const fileName = path.join(projectRoot, `${CELL_PREFIX}${++cellCount}__.ts`);
    const cell = /** @type {CellFile} */ (ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS));
    cell.path = fileName;
    cell.parent = /** @type {Node} the first cell's is undefined */ (previous);
    bindCell(ts, cell, options);
    return { cell, names };
  }

  /** @param {SourceFile} file */
  const isCell = (file) => path.basename(file.fileName).startsWith(CELL_PREFIX);

  /**
   * A diagnostic as tslab's executor prints it: positions in the cell, or a project file's name.
   * @param {import("typescript").Diagnostic & { file: SourceFile, start: number, length: number, messageText: string }} diagnostic
   * @param {SourceFile} cell
   * @returns {KernelDiagnostic}
   */
  function forExecutor(diagnostic, cell) {
    const file = diagnostic.file;
    /** @param {number} offset */
    const position = (offset) => {
      const { line, character } = ts.getLineAndCharacterOfPosition(file, offset);
      return { offset, line, character };
    };
    return {
      start: position(diagnostic.start),
      end: position(diagnostic.start + diagnostic.length),
      messageText: diagnostic.messageText,
      category: diagnostic.category,
      code: diagnostic.code,
      fileName: file === cell ? undefined : path.relative(projectRoot, file.fileName),
    };
  }

  /** @param {CellFile} cell */
  function diagnosticsOf(cell) {
    // The program's methods, not the checker's: they honour @ts-expect-error and
    // @ts-ignore as tsc does, and take a file outside the program.
    /** @type {import("typescript").Diagnostic[]} */
    const found = [];
    for (const file of [cell, ...reachedProjectFiles(cell)]) {
      found.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
    }
    const inProject = found.filter((d) => d.file !== undefined && !path.relative(projectRoot, d.file.fileName).startsWith(".."));
    // Every diagnostic of a file has its file and position (inProject kept those with a file).
    const located = /** @type {(import("typescript").Diagnostic & { file: SourceFile, start: number, length: number, messageText: string })[]} */ (readableDiagnostics(ts, ts.sortAndDeduplicateDiagnostics(inProject)));
    return located.map((d) => forExecutor(d, cell));
  }

  /**
   * Emit transformers for a cell, as tslab's: a name declared by an earlier cell is read
   * from the executor's `exports` (in a shorthand property too, emit-fixes.cjs), or, when
   * an earlier cell imported it from a project file, from that module (live-imports.cjs);
   * and the last expression is kept in a variable the executor prints.
   * @param {CellFile} cell
   * @param {string[]} names
   * @param {(name: string) => void} setLastExpression
   * @returns {import("typescript").CustomTransformers}
   */
  function cellTransformers(cell, names, setLastExpression) {
    /** @param {import("typescript").Symbol | undefined} symbol */
    const fromEarlierCell = (symbol) =>
      symbol?.declarations?.some((declaration) => {
        const file = declaration.getSourceFile();
        return file !== cell && isCell(file);
      }) ?? false;
    /** @type {import("./emit-fixes.cjs").EarlierCellValue} */
    const earlierCellValue = (symbol, name, factory) => {
      if (!fromEarlierCell(symbol)) return undefined;
      const live = liveImportOf(symbol, cell);
      return live === undefined
        ? factory.createPropertyAccessExpression(factory.createIdentifier("exports"), name)
        : liveImportExpression(factory, live.specifier, live.member);
    };
    /** @type {import("typescript").TransformerFactory<SourceFile>} */
    const after = (context) => (sourceFile) => {
      const factory = context.factory;
      /**
       * @param {Node} node
       * @returns {Node}
       */
      function visit(node) {
        if (ts.isIdentifier(node)) {
          if (node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) return node;
          return earlierCellValue(checker.getSymbolAtLocation(node), node.text, factory) ?? node;
        }
        return ts.visitEachChild(node, visit, context);
      }
      let result = /** @type {SourceFile} */ (ts.visitEachChild(sourceFile, visit, context));
      const statements = [...result.statements];
      for (let i = statements.length - 1; i >= 0; i--) {
        const statement = statements[i];
        if (ts.isExportDeclaration(statement)) continue;
        if (!ts.isExpressionStatement(statement)) break;
        let name = "tsLastExpr";
        for (let n = 0; names.includes(name); n++) name = `tsLastExpr${n}`;
        statements[i] = factory.createVariableStatement(
          [factory.createModifier(ts.SyntaxKind.ExportKeyword)],
          factory.createVariableDeclarationList([factory.createVariableDeclaration(name, undefined, undefined, statement.expression)], ts.NodeFlags.Const),
        );
        setLastExpression(name);
        result = factory.updateSourceFile(result, statements);
        break;
      }
      return result;
    };
    return { after: [expandEarlierCellShorthands(ts, checker, earlierCellValue), after] };
  }

  /**
   * The ES module TypeScript emits for `file` (a cell or a project file).
   * @param {SourceFile} file
   * @param {import("typescript").CustomTransformers} [transformers]
   * @returns {string}
   */
  function emitOf(file, transformers) {
    /** @type {string | undefined} */
    let js;
    const result = program.emit(file, (fileName, data) => {
      if (fileName.endsWith(".js")) js = data;
    }, undefined, false, transformers);
    if (js === undefined) throw new Error(`the kernel emitted nothing for ${file.fileName}${result.emitSkipped ? " (emit skipped)" : ""}`);
    return js;
  }

  /** @param {string} fileName */
  const emittedPath = (fileName) => fileName.replace(/\.[cm]?tsx?$/, ".js").replace(/\.jsx$/, ".js");

  /**
   * Of the reached files (`{ fileName, hash, esm }`), those the executor has not loaded in this version, as side outputs.
   * @param {ReachedFile[]} reached
   */
  function sideOutputsOf(reached) {
    /** @type {import("tslab/dist/converter").SideOutput[]} */
    const outputs = [];
    for (const file of reached) {
      if (emitted.get(file.fileName) === file.hash) continue;
      emitted.set(file.fileName, file.hash);
      outputs.push({ path: emittedPath(file.fileName), data: toCommonJs(file.esm) });
    }
    return outputs.length === 0 ? undefined : outputs.sort((a, b) => a.path.localeCompare(b.path));
  }

  /**
   * The reached project files as the cache keeps them: name, hash of the text, and ES module emit.
   * @param {CellFile} cell
   * @returns {ReachedFile[]}
   */
  function reachedForCache(cell) {
    return reachedProjectFiles(cell).map((file) => {
      const hash = sha256(file.text);
      const esm = projectEsmOf(file, hash);
      return { fileName: file.fileName, hash, esm, cjs: keptCommonJs(ts, esm, commonJs).made };
    });
  }
  /** @type {Map<string, string>} file name and text hash -> its ES module emit */
  const projectEsm = new Map();
  /**
   * A project file's ES module emit, made once for each text of it.
   * @param {import("typescript").SourceFile} file
   */
  function projectEsmOf(file, hash = sha256(file.text)) {
    const key = `${file.fileName}\0${hash}`;
    let esm = projectEsm.get(key);
    if (esm === undefined) {
      esm = emitOf(file);
      projectEsm.set(key, esm);
    }
    return esm;
  }

  /**
   * The SourceFile of the cell `token` names, made (with those before it) when a cell came from the cache.
   * @param {string} token
   * @returns {CellFile | undefined}
   */
  function cellFileOf(token) {
    const known = cells.get(token);
    if (known === undefined) return undefined;
    if (known.file === undefined) {
      const previous = cellFileOf(known.previous);
      known.file = makeCell(known.src, previous).cell;
      // A file the program lacks (a project file outside examples/): without it, the names
      // the cell imported from it were unknown to the cells after it, and a type error
      // there passed.
      if (!resolveCellImports(known.file)) newProgram();
    }
    return known.file;
  }

  /** @param {string} src */
  const cellReachesFiles = (src) => reachesFiles(ts, src, (file) => moduleSpecifierLiterals(ts, file));
  /**
   * Whether the cell `token` names or one before it reaches a file (an import, a reference):
   * its names then need the whole program, not the lib-only one.
   * @param {string} token
   * @returns {boolean}
   */
  function chainReachesFiles(token) {
    const known = cells.get(token);
    if (known === undefined) return false;
    known.reaches ??= cellReachesFiles(known.src) || chainReachesFiles(known.previous);
    return known.reaches;
  }

  /**
   * A cell whose conversion an earlier kernel stored: its code, and the project files it reaches.
   * @param {import("./conversion-cache.cjs").Entry} entry
   * @param {string} prevDecl
   * @param {string} src
   * @param {string} chainKey
   * @returns {ConvertResult}
   */
  function convertFromCache(entry, prevDecl, src, chainKey) {
    const name = `${CELL_PREFIX}${++cellCount}__`;
    const token = `// cell ${cellCount}`;
    cells.set(token, { chainKey, src, previous: prevDecl });
    const esm = renamedCellEsm(entry.esm, entry.cellName, name);
    // Their CommonJS as the kernel that stored them made it, so that none is transpiled again.
    if (entry.cjs !== undefined) commonJs.set(withoutInlineMap(esm), entry.cjs);
    for (const file of entry.files) if (file.cjs !== undefined) commonJs.set(withoutInlineMap(file.esm), file.cjs);
    return {
      output: namedCellCode(toCommonJs(esm), path.join(projectRoot, `${name}.js`)),
      declOutput: token,
      diagnostics: [],
      hasToplevelAwait: entry.hasToplevelAwait,
      sideOutputs: sideOutputsOf(entry.files),
      lastExpressionVar: entry.lastExpressionVar,
    };
  }

  /** @param {string} prevDecl */
  const chainKeyAfter = (prevDecl, /** @type {string} */ src) => chainKeyOf(cells.get(prevDecl)?.chainKey ?? "", src);

  /**
   * Checks `src` after the cell `prevDecl` names and, when it has no diagnostic, emits it
   * and stores it in the cells' cache: its diagnostics, or its entry, code and token.
   * @param {string} prevDecl
   * @param {string} src
   * @param {string} chainKey
   * @returns {{ diagnostics: KernelDiagnostic[] } | { entry: import("./conversion-cache.cjs").Entry, output: string, token: string }}
   */
  function checkAndEmit(prevDecl, src, chainKey) {
    ensureProgram(!cellReachesFiles(src) && !chainReachesFiles(prevDecl));
    refreshChangedFiles();
    const previous = cellFileOf(prevDecl);
    const check = () => {
      let { cell, names } = makeCell(src, previous);
      if (!resolveCellImports(cell)) {
        newProgram();
        ({ cell, names } = makeCell(src, previous));
        resolveCellImports(cell);
      }
      recordLiveImports(cell);
      return { cell, names, diagnostics: diagnosticsOf(cell) };
    };
    let checked = check();
    if (readDeferredDeclarations()) checked = check();
    const { cell, names, diagnostics } = checked;
    if (diagnostics.length > 0) return { diagnostics };
    /** @type {string | undefined} */
    let lastExpressionVar;
    const esm = emitOf(cell, cellTransformers(cell, names, (name) => (lastExpressionVar = name)));
    const output = namedCellCode(toCommonJs(esm), cell.fileName.replace(/\.ts$/, ".js"));
    const token = `// cell ${cellCount}`;
    cells.set(token, { chainKey, src, previous: prevDecl, file: cell });
    const entry = {
      esm,
      cjs: commonJs.get(withoutInlineMap(esm)),
      cellName: path.basename(cell.fileName, ".ts"),
      hasToplevelAwait: hasTopLevelAwait(ts, cell),
      lastExpressionVar,
      files: reachedForCache(cell),
    };
    cacheOf()?.store(chainKey, entry);
    return { entry, output, token };
  }

  /**
   * @param {string} prevDecl
   * @param {string} src
   * @returns {ConvertResult}
   */
  function convert(prevDecl, src) {
    const chainKey = chainKeyAfter(prevDecl, src);
    const stored = cacheOf()?.lookup(chainKey);
    if (stored !== undefined) return convertFromCache(stored, prevDecl, src, chainKey);
    const checked = checkAndEmit(prevDecl, src, chainKey);
    if ("diagnostics" in checked) return { diagnostics: checked.diagnostics };
    const { entry, output, token } = checked;
    return {
      output,
      declOutput: token,
      diagnostics: [],
      hasToplevelAwait: entry.hasToplevelAwait,
      sideOutputs: sideOutputsOf(entry.files),
      lastExpressionVar: entry.lastExpressionVar,
    };
  }

  /**
   * The texts of the cells up to the one `prevDecl` names, first to last: what a check
   * service needs to check a cell after them (check-service.cjs).
   * @param {string} prevDecl
   */
  function chainOf(prevDecl) {
    /** @type {string[]} */
    const texts = [];
    for (let known = cells.get(prevDecl); known !== undefined; known = cells.get(known.previous)) texts.push(known.src);
    return texts.reverse();
  }

  /** @type {{ src: string, token: string }[]} the cells a check service converted last, in order */
  const servedChain = [];
  /**
   * In a check service: the token of the last of the cells `chain` holds, each converted
   * here unless it was the last time; or why one of them no longer converts.
   * @param {string[]} chain
   * @returns {string | { kind: "failed", message: string }}
   */
  function servedPrevDecl(chain) {
    let same = 0;
    while (same < servedChain.length && same < chain.length && servedChain[same]?.src === chain[same]) same++;
    servedChain.length = same;
    let prevDecl = servedChain.at(-1)?.token ?? "";
    for (const earlier of chain.slice(same)) {
      const converted = convert(prevDecl, earlier);
      if (converted.diagnostics.length > 0 || converted.declOutput === undefined) {
        return { kind: "failed", message: `an earlier cell no longer type-checks: ${converted.diagnostics[0]?.messageText ?? "no code"}` };
      }
      prevDecl = converted.declOutput;
      servedChain.push({ src: earlier, token: prevDecl });
    }
    return prevDecl;
  }

  /**
   * In a check service: completion or inspection at `position` in `src` after the cells `chain` holds.
   * @param {"complete" | "inspect"} kind
   * @param {string[]} chain
   * @param {string} src
   * @param {number} position
   * @returns {{ kind: "probed", answer: unknown } | { kind: "failed", message: string }}
   */
  function probeAfter(kind, chain, src, position) {
    const prevDecl = servedPrevDecl(chain);
    if (typeof prevDecl !== "string") return prevDecl;
    return { kind: "probed", answer: kind === "complete" ? probed(completeInCell, prevDecl, src, position) : probed(inspectInCell, prevDecl, src, position) };
  }
  /**
   * In a check service: `src` checked after the cells `chain` holds (each converted here
   * unless it was the last time), as the cells' cache keeps it, or its diagnostics. The
   * cells before it converted in the kernel that asks; one that does not here (a project
   * file changed since) fails the request, and the kernel checks the cell itself.
   * @param {string[]} chain
   * @param {string} src
   * @returns {ServedCheck}
   */
  function entryAfter(chain, src) {
    const prevDecl = servedPrevDecl(chain);
    if (typeof prevDecl !== "string") return prevDecl;
    const chainKey = chainKeyAfter(prevDecl, src);
    const stored = cacheOf()?.lookup(chainKey);
    if (stored !== undefined) {
      servedChain.push({ src, token: /** @type {string} */ (convertFromCache(stored, prevDecl, src, chainKey).declOutput) });
      return { kind: "entry", entry: stored };
    }
    const checked = checkAndEmit(prevDecl, src, chainKey);
    if ("diagnostics" in checked) return { kind: "diagnostics", diagnostics: checked.diagnostics };
    servedChain.push({ src, token: checked.token });
    return { kind: "entry", entry: checked.entry };
  }

  /**
   * The cell's text as a source file after the earlier cells, as convert() would check
   * it, for completion and inspection; it is not run, and the program is not rebuilt for
   * it (an import of a file the program lacks resolves to nothing until a cell runs).
   * @param {string} prevDecl
   * @param {string} src
   */
  function probeCell(prevDecl, src) {
    // A module, as makeCell's export list makes a cell: a script's top-level names are
    // not looked up in its own scope, so `local.` after `const local` gave no members.
    // After a line break and a `;`, so it neither ends a comment nor extends `local.`.
    const asModule = `${src}
;export {};
`;
    const probe = /** @type {CellFile} */ (
      ts.createSourceFile(path.join(projectRoot, `${CELL_PREFIX}probe__.ts`), asModule, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
    );
    ensureProgram();
    probe.path = probe.fileName;
    probe.parent = /** @type {Node} the first cell's is undefined */ (cellFileOf(prevDecl));
    bindCell(ts, probe, options);
    resolveCellImports(probe, true);
    return probe;
  }

  /** @type {import("tslab/dist/converter").Converter | undefined} */
  let tslabOwn;
  const tslab = () => (tslabOwn ??= tslabConverter());
  /**
   * Builds the program and checks the project's own files in it, as tsc would, so that
   * what the checker works out about Pi's and TypeBox's types (the variances of TypeBox's
   * Static alias took most of a cold first cell) is known before any cell, and the
   * variance store holds TypeBox's. The snapshot's build runs it in a converter it then
   * drops; a cell is still checked in full when it runs.
   */
  function warm() {
    while (warmStep());
  }

  /** @type {{ program: Program, files: string[] } | undefined} the project files warmStep() has yet to check in `program` */
  let unwarmed;
  /**
   * Checks the next of the project's files as warm() does, and says whether any remain:
   * a check service runs it while it has no request (check-service.cjs). A new program
   * (a stub read, a cell's import of a file it lacked) has them all to check again.
   */
  function warmStep() {
    ensureProgram();
    if (unwarmed?.program !== program) unwarmed = { program, files: program.getSourceFiles().flatMap((file) => (isProjectSource(file.fileName) ? [file.fileName] : [])) };
    const fileName = unwarmed.files.shift();
    const file = fileName === undefined ? undefined : program.getSourceFile(fileName);
    if (file !== undefined) {
      program.getSemanticDiagnostics(file);
      if (readDeferredDeclarations()) return true;
      // What a cell's first import of the file would emit and transpile (reachedForCache,
      // sideOutputsOf): 10 to 40 ms of a later cell at a first opening.
      keptCommonJs(ts, projectEsmOf(file), commonJs);
    }
    return unwarmed.files.length > 0;
  }

  /**
   * Completion or inspection at `position`, asked again with the SDKs' real declarations when it read a stub.
   * @template T
   * @param {(ts: TypeScript, program: Program, probe: CellFile, position: number) => T} ask
   * @param {string} prevDecl
   * @param {string} src
   * @param {number} position
   */
  function probed(ask, prevDecl, src, position) {
    // The probe first: making it builds the program on a kernel's first request.
    const probe = probeCell(prevDecl, src);
    const answer = ask(ts, program, probe, position);
    if (!readDeferredDeclarations()) return answer;
    const again = probeCell(prevDecl, src);
    return ask(ts, program, again, position);
  }

  return {
    warm,
    // The whole program, unchecked: what the kernel's startup snapshot holds.
    buildProgram: () => ensureProgram(),
    warmStep,
    convert,
    chainOf,
    entryAfter,
    probeAfter,
    cachedEntry: (prevDecl, src) => cacheOf()?.lookup(chainKeyAfter(prevDecl, src)),
    convertWithEntry: (prevDecl, src, entry) => convertFromCache(entry, prevDecl, src, chainKeyAfter(prevDecl, src)),
    inspect: (prevDecl, src, position) => probed(inspectInCell, prevDecl, src, position),
    complete: (prevDecl, src, position) => probed(completeInCell, prevDecl, src, position),
    deferredDeclarations: () => (deferral !== undefined ? "stubbed" : "read"),
    // A %module cell goes to tslab's converter, whose virtual modules cells here cannot import.
    addModule: (...args) => tslab().addModule(...args),
    close: () => tslabOwn?.close(),
  };
}

module.exports = { createConverter };
