// The parts of TypeScript's internal API the kernel leans on, which typescript.d.ts does
// not declare. The kernel checks cells as source files of their own beside one program
// (converter.cjs) and answers completion and hover with the language service's own code
// on them (cell-completion.cjs); both need the binder, the program's module resolutions
// and the services' completion and display functions, as tslab did. Declared here as the
// pinned TypeScript (5.9.3) defines them, so `npm run typecheck` checks every call against
// them; tsc takes the declarations on trust, so a TypeScript that changes one is caught by
// the kernel's tests (converter.test.ts, kernel.test.ts), not by the typecheck.
import type * as ts from "typescript";

/** The `typescript` module with the internal functions the kernel calls. */
export type TypeScript = typeof ts & {
  bindSourceFile(file: ts.SourceFile, options: ts.CompilerOptions): void;
  getTouchingPropertyName(file: ts.SourceFile, position: number): ts.Node;
  getTokenAtPosition(file: ts.SourceFile, position: number): ts.Node;
  getJSDocCommentsAndTags(node: ts.Node): readonly (ts.JSDoc | ts.JSDocTag)[];
  getContainerNode(node: ts.Node): ts.Declaration | undefined;
  typeToDisplayParts(checker: ts.TypeChecker, type: ts.Type, enclosingDeclaration?: ts.Node): ts.SymbolDisplayPart[];
  Completions: {
    getCompletionsAtPosition(
      host: object,
      program: ts.Program,
      log: (message: string) => void,
      file: ts.SourceFile,
      position: number,
      preferences: ts.UserPreferences,
      triggerCharacter: ts.CompletionsTriggerCharacter | undefined,
      completionKind: ts.CompletionTriggerKind,
      cancellationToken: ts.CancellationToken,
    ): ts.CompletionInfo | undefined;
  };
  SymbolDisplay: {
    getSymbolDisplayPartsDocumentationAndSymbolKind(
      checker: ts.TypeChecker,
      symbol: ts.Symbol,
      file: ts.SourceFile,
      enclosingDeclaration: ts.Node | undefined,
      location: ts.Node,
    ): { displayParts: ts.SymbolDisplayPart[]; documentation?: ts.SymbolDisplayPart[]; tags?: ts.JSDocTagInfo[] };
  };
};

/**
 * A cell (or a probe of one) as the converter makes it: a source file with the fields a
 * program's own files carry. Its `parent` is the previous cell (the first has none), so
 * that name resolution walks on to the earlier cells' names.
 */
export type CellFile = ts.SourceFile & {
  path: string;
  parent: ts.Node;
  imports: ts.StringLiteralLike[];
  moduleAugmentations: ts.Node[];
  ambientModuleNames: string[];
  locals?: Map<string, ts.Symbol>;
};

/** A program with the lookup of a file's module resolutions the checker calls. */
export type Program = ts.Program & {
  getResolvedModule(file: ts.SourceFile, specifier: string, mode: ts.ResolutionMode): ts.ResolvedModuleWithFailedLookupLocations | undefined;
};

/** A checker with its test for the symbol it gives a name it cannot resolve. */
export type TypeChecker = ts.TypeChecker & {
  isUnknownSymbol(symbol: ts.Symbol): boolean;
};
