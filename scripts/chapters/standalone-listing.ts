import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type ts from "typescript";
import type { Listing } from "./listing.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { typescript } from "../toolchain/typescript.ts";

/** A listing that cannot run as a cell of its own: readers see it and run its function. */
export interface Excerpt {
  kind: "excerpt";
  /** Why, e.g. "inside a function". */
  reason: string;
}

/** A listing as a notebook cell runs it. */
export interface Standalone {
  kind: "standalone";
  /** Import lines for the names the code uses but does not declare. */
  imports: string[];
  /** The code as a cell runs it: relative imports written from the project root, no `export`. */
  code: string;
}

/** One name a listing imports, as its file imports or declares it. */
interface Importable {
  /** The module specifier, relative to the project root for project files. */
  from: string;
  /** `default`, `*` or the exported name. */
  imported: string;
  typeOnly: boolean;
}

/**
 * A relative specifier of `file` written from the project root, which is where the
 * notebook kernel runs and resolves imports (`./examples/...ts`); packages stay as they are.
 */
export function rootRelativeSpecifier(file: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  return `./${posix.join(posix.dirname(file), specifier)}`;
}

const isTypeDeclaration = (node: ts.Node): boolean =>
  typescript.isInterfaceDeclaration(node) || typescript.isTypeAliasDeclaration(node);

const hasExport = (node: ts.Node): boolean =>
  typescript.canHaveModifiers(node) &&
  (typescript.getModifiers(node) ?? []).some((m) => m.kind === typescript.SyntaxKind.ExportKeyword);

/** Names a top-level statement declares (destructured variables included). */
function declaredNames(statement: ts.Statement): string[] {
  const names: string[] = [];
  const bind = (name: ts.BindingName): void => {
    if (typescript.isIdentifier(name)) names.push(name.text);
    else for (const element of name.elements) if (!typescript.isOmittedExpression(element)) bind(element.name);
  };
  if (typescript.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bind(d.name);
  else if (
    (typescript.isFunctionDeclaration(statement) ||
      typescript.isClassDeclaration(statement) ||
      typescript.isInterfaceDeclaration(statement) ||
      typescript.isTypeAliasDeclaration(statement) ||
      typescript.isEnumDeclaration(statement)) &&
    statement.name
  )
    names.push(statement.name.text);
  else if (typescript.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.name) names.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && typescript.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && typescript.isNamedImports(bindings)) for (const s of bindings.elements) names.push(s.name.text);
  }
  return names;
}

/** What each name `file` imports or declares at top level would be imported as. */
function importablesOf(
  file: string,
  source: ts.SourceFile,
): { importable: Map<string, Importable>; private: Set<string> } {
  const importable = new Map<string, Importable>();
  const privateNames = new Set<string>();
  const self = `./${file}`;
  for (const statement of source.statements) {
    if (typescript.isImportDeclaration(statement) && typescript.isStringLiteral(statement.moduleSpecifier)) {
      const from = rootRelativeSpecifier(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      const whole = clause?.isTypeOnly ?? false;
      if (clause?.name) importable.set(clause.name.text, { from, imported: "default", typeOnly: whole });
      const bindings = clause?.namedBindings;
      if (bindings && typescript.isNamespaceImport(bindings))
        importable.set(bindings.name.text, { from, imported: "*", typeOnly: whole });
      if (bindings && typescript.isNamedImports(bindings)) {
        for (const s of bindings.elements) {
          importable.set(s.name.text, {
            from,
            imported: (s.propertyName ?? s.name).text,
            typeOnly: whole || s.isTypeOnly,
          });
        }
      }
      continue;
    }
    for (const name of declaredNames(statement)) {
      if (!hasExport(statement)) {
        privateNames.add(name);
        continue;
      }
      // A name declared as a value and a type (`const X` and `type X`) imports as a value.
      const typeOnly = isTypeDeclaration(statement) && (importable.get(name)?.typeOnly ?? true);
      importable.set(name, { from: self, imported: name, typeOnly });
    }
  }
  return { importable, private: privateNames };
}

/** Identifiers the code reads, leaving out names in declaring and property positions. */
function referencedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (typescript.isIdentifier(node)) {
      const parent = node.parent;
      const isPropertyName =
        (typescript.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((typescript.isPropertyAssignment(parent) ||
          typescript.isPropertySignature(parent) ||
          typescript.isPropertyDeclaration(parent) ||
          typescript.isMethodDeclaration(parent) ||
          typescript.isMethodSignature(parent)) &&
          parent.name === node) ||
        (typescript.isQualifiedName(parent) && parent.right === node);
      if (!isPropertyName) names.add(node.text);
    }
    typescript.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

function importLine(from: string, entries: { name: string; binding: Importable }[]): string {
  const named = entries.filter((e) => e.binding.imported !== "default" && e.binding.imported !== "*");
  const parts: string[] = [];
  for (const e of entries) {
    if (e.binding.imported === "default") parts.push(e.name);
    if (e.binding.imported === "*") parts.push(`* as ${e.name}`);
  }
  const allTypes = entries.every((e) => e.binding.typeOnly);
  if (named.length > 0) {
    const specifiers = named.map(({ name, binding }) => {
      const renamed = binding.imported === name ? name : `${binding.imported} as ${name}`;
      return binding.typeOnly && !allTypes ? `type ${renamed}` : renamed;
    });
    parts.push(`{ ${specifiers.join(", ")} }`);
  }
  return `import ${allTypes ? "type " : ""}${parts.join(", ")} from "${from}";`;
}

/**
 * The code as a tslab cell accepts it: relative specifiers written from the project root,
 * and no `export` keywords. tslab exports every top-level declaration of a cell itself and
 * rejects a cell that also says `export` ("Cannot redeclare exported variable"); a
 * re-export `export { a } from "./x.ts"` becomes the import it amounts to in a cell.
 */
function asCellCode(file: string, code: string, source: ts.SourceFile): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const statement of source.statements) {
    const specifier =
      typescript.isImportDeclaration(statement) || typescript.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (specifier && typescript.isStringLiteral(specifier) && specifier.text.startsWith(".")) {
      edits.push({
        start: specifier.getStart(source) + 1,
        end: specifier.getEnd() - 1,
        text: rootRelativeSpecifier(file, specifier.text),
      });
    }
    if (
      typescript.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      statement.exportClause &&
      typescript.isNamedExports(statement.exportClause)
    ) {
      const start = statement.getStart(source);
      edits.push({ start, end: start + "export".length, text: "import" });
    }
    const exportKeyword = typescript.canHaveModifiers(statement)
      ? typescript.getModifiers(statement)?.find((m) => m.kind === typescript.SyntaxKind.ExportKeyword)
      : undefined;
    if (exportKeyword) {
      const start = exportKeyword.getStart(source);
      edits.push({
        start,
        end: source.text.slice(exportKeyword.getEnd()).match(/^\s*/)![0].length + exportKeyword.getEnd(),
        text: "",
      });
    }
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * The listing as a notebook cell can run it: the code itself, its relative imports
 * written from the project root (where the kernel resolves them), preceded by import
 * lines for every name it uses but does not declare, taken from its file's own imports
 * and exports. A region inside a function, one that reads import.meta, or one that uses a
 * name its file does not export, cannot run alone: it is an excerpt.
 */
export function standaloneListing(listing: Listing): Standalone | Excerpt {
  if (listing.indent > 0) return { kind: "excerpt", reason: "inside a function" };
  // In a cell, import.meta is the cell's, not its file's: a counterexample would find neither
  // its own path nor that it is the file being run, so it runs as its file, in a child.
  if (/\bimport\.meta\b/.test(listing.code))
    return { kind: "excerpt", reason: "run as a file of its own: it reads import.meta" };
  const fileSource = typescript.createSourceFile(
    listing.file,
    readFileSync(join(PROJECT_ROOT, listing.file), "utf8"),
    typescript.ScriptTarget.Latest,
    true,
  );
  const codeSource = typescript.createSourceFile(listing.file, listing.code, typescript.ScriptTarget.Latest, true);
  const { importable, private: privateNames } = importablesOf(listing.file, fileSource);
  const declared = new Set(codeSource.statements.flatMap(declaredNames));
  const needed = [...referencedNames(codeSource)].filter((name) => !declared.has(name));
  const missing = needed.filter((name) => privateNames.has(name) && !importable.has(name));
  if (missing.length > 0)
    return { kind: "excerpt", reason: `uses ${missing.join(", ")}, which its file does not export` };
  const byModule = new Map<string, { name: string; binding: Importable }[]>();
  for (const name of needed) {
    const binding = importable.get(name);
    if (binding) byModule.set(binding.from, [...(byModule.get(binding.from) ?? []), { name, binding }]);
  }
  // Packages first, then project files; each sorted, so generation is deterministic.
  const modules = [...byModule.keys()].sort(
    (a, b) => Number(a.startsWith(".")) - Number(b.startsWith(".")) || a.localeCompare(b),
  );
  const imports = modules.map((from) =>
    importLine(
      from,
      byModule.get(from)!.sort((a, b) => a.name.localeCompare(b.name)),
    ),
  );
  return { kind: "standalone", imports, code: asCellCode(listing.file, listing.code, codeSource) };
}
