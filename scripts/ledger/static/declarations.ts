import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type ts from "typescript";
import { typescript } from "../../toolchain/typescript.ts";
import { programFor } from "../../toolchain/compile.ts";
import { whenSharedProgramsDropped } from "../../toolchain/shared-program.ts";
import { installedPi } from "./installed.ts";

/**
 * The installed packages' declarations, loaded into one TypeScript program so the checks
 * ask the checker (members, optionality, unions, exports) instead of matching text.
 */
export interface Declarations {
  checker: ts.TypeChecker;
  /** Exports of pi-agent-core's dist/index.d.ts, aliases resolved, by name. */
  core: Map<string, ts.Symbol>;
  /** Exports of pi-ai's dist/index.d.ts, aliases resolved, by name. */
  ai: Map<string, ts.Symbol>;
}

let cached: Declarations | undefined;
whenSharedProgramsDropped(() => {
  cached = undefined;
});

function moduleExports(program: ts.Program, checker: ts.TypeChecker, file: string): Map<string, ts.Symbol> {
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`the TypeScript program did not load ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`${file} is not a module`);
  const exports = new Map<string, ts.Symbol>();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    exports.set(symbol.getName(), target);
  }
  return exports;
}

/**
 * The installed core's and pi-ai's declarations (built once per process), read with the
 * project's own compiler options in the process's shared program: the listing checks
 * compile against the same declarations, and one checker serves both.
 */
export function declarations(): Declarations {
  if (cached !== undefined) return cached;
  const { dirs } = installedPi();
  const coreIndex = join(dirs.core, "dist", "index.d.ts");
  const aiIndex = join(dirs.ai, "dist", "index.d.ts");
  const { program, checker } = programFor(dirs, [coreIndex, aiIndex]);
  cached = { checker, core: moduleExports(program, checker, coreIndex), ai: moduleExports(program, checker, aiIndex) };
  return cached;
}

/** An export of the core, or a thrown error naming what is missing. */
export function coreExport(name: string): ts.Symbol {
  const symbol = declarations().core.get(name);
  if (symbol === undefined) throw new Error(`pi-agent-core's dist/index.d.ts exports no ${name}`);
  return symbol;
}

/** The package (name from the nearest package.json) a declaration was read from. */
export function packageOfDeclaration(symbol: ts.Symbol): string {
  const file = symbol.declarations?.[0]?.getSourceFile().fileName;
  if (file === undefined) return "(unknown)";
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string }).name;
    } catch {
      // no package.json here; keep walking up
    }
  }
  return "(unknown)";
}

/** One property of an interface or type, and where it was declared. */
export interface Member {
  name: string;
  optional: boolean;
  /** The interface or type that declares it (e.g. AgentTool or Tool). */
  declaredIn: string;
  symbol: ts.Symbol;
}

function declaringTypeName(symbol: ts.Symbol): string {
  const parent = symbol.declarations?.[0]?.parent;
  if (parent !== undefined && (typescript.isInterfaceDeclaration(parent) || typescript.isClassDeclaration(parent))) {
    return parent.name?.text ?? "(anonymous)";
  }
  if (
    parent !== undefined &&
    typescript.isTypeLiteralNode(parent) &&
    typescript.isTypeAliasDeclaration(parent.parent)
  ) {
    return parent.parent.name.text;
  }
  return "(anonymous)";
}

/** All properties of an exported type of the core, inherited ones included. */
export function membersOf(typeName: string): Member[] {
  const { checker } = declarations();
  const type = checker.getDeclaredTypeOfSymbol(coreExport(typeName));
  return checker.getPropertiesOfType(type).map((symbol) => ({
    name: symbol.getName(),
    optional: (symbol.flags & typescript.SymbolFlags.Optional) !== 0,
    declaredIn: declaringTypeName(symbol),
    symbol,
  }));
}

/** The interfaces an exported interface of the core extends, with the package each comes from. */
export function baseTypesOf(typeName: string): { name: string; pkg: string }[] {
  const { checker } = declarations();
  const type = checker.getDeclaredTypeOfSymbol(coreExport(typeName));
  if (
    !(type.flags & typescript.TypeFlags.Object) ||
    !((type as ts.ObjectType).objectFlags & typescript.ObjectFlags.Interface)
  )
    return [];
  return (checker.getBaseTypes(type as ts.InterfaceType) ?? []).map((base) => ({
    name: base.getSymbol()?.getName() ?? checker.typeToString(base),
    pkg: base.getSymbol() === undefined ? "(unknown)" : packageOfDeclaration(base.getSymbol()!),
  }));
}

/** The string literals of a union (undefined removed), in declared order. */
export function stringLiteralsOf(type: ts.Type): string[] {
  const parts = type.isUnion() ? type.types : [type];
  return parts.filter((t): t is ts.StringLiteralType => t.isStringLiteral()).map((t) => t.value);
}

/** The type of a member, with `undefined` from optionality removed. */
export function memberType(member: Member): ts.Type {
  const { checker } = declarations();
  return checker.getNonNullableType(checker.getTypeOfSymbol(member.symbol));
}

/** The `type` discriminants of an exported union type alias of the core, in declared order. */
export function discriminantsOf(typeName: string): string[] {
  const { checker } = declarations();
  const union = checker.getDeclaredTypeOfSymbol(coreExport(typeName));
  const members = union.isUnion() ? union.types : [union];
  return members.flatMap((member) => {
    const tag = member.getProperty("type");
    return tag === undefined ? [] : stringLiteralsOf(checker.getTypeOfSymbol(tag));
  });
}

/** One parameter of a call signature: its name and whether it may be omitted. */
export interface Parameter {
  name: string;
  optional: boolean;
}

/** A call signature in parts: parameters, the return type's name and type arguments, and the whole text. */
export interface SignatureShape {
  parameters: Parameter[];
  returnName: string;
  returnArguments: string[];
  text: string;
}

/** The (first) call signature of a type. */
export function signatureShape(type: ts.Type): SignatureShape | undefined {
  const { checker } = declarations();
  const signature = type.getCallSignatures()[0];
  if (signature === undefined) return undefined;
  const parameters = signature.getParameters().map((p) => {
    const decl = p.valueDeclaration;
    const optional =
      decl !== undefined &&
      typescript.isParameter(decl) &&
      (decl.questionToken !== undefined || decl.initializer !== undefined);
    return { name: p.getName(), optional };
  });
  const returnType = signature.getReturnType();
  const returnArguments =
    returnType.flags & typescript.TypeFlags.Object &&
    (returnType as ts.ObjectType).objectFlags & typescript.ObjectFlags.Reference
      ? checker
          .getTypeArguments(returnType as ts.TypeReference)
          .map((t) => t.getSymbol()?.getName() ?? checker.typeToString(t))
      : [];
  return {
    parameters,
    returnName: returnType.getSymbol()?.getName() ?? checker.typeToString(returnType),
    returnArguments,
    text: checker.signatureToString(signature),
  };
}

/** An exported value of the core as the checker sees it: function, class or other. */
export function exportKind(symbol: ts.Symbol): "function" | "class" | "type" | "value" {
  if (symbol.flags & typescript.SymbolFlags.Function) return "function";
  if (symbol.flags & typescript.SymbolFlags.Class) return "class";
  if (symbol.flags & typescript.SymbolFlags.Value) return "value";
  return "type";
}

/** The doc comment of a member, as plain text. */
export function documentationOf(symbol: ts.Symbol): string {
  return typescript.displayPartsToString(symbol.getDocumentationComment(declarations().checker));
}
