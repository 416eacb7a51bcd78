import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import type ts from "typescript";
import { typescript } from "../../toolchain/typescript.ts";

/** How a module specifier appears in a file. */
export type SpecifierForm = "import" | "export-from" | "dynamic-import" | "require" | "import-type";

/** The two kinds of file a published dist/ holds; their specifiers are reported apart. */
export type DistFileKind = ".js" | ".d.ts";

/** One module specifier found in one file. */
export interface SpecifierUse {
  specifier: string;
  form: SpecifierForm;
  /** The file, relative to the package folder. */
  file: string;
  /** The literal argument was not a string (e.g. `import(name)`): the scan cannot see where it goes. */
  computed?: boolean;
}

/** What a bare specifier names: the package (with its scope) or a Node builtin. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

export function isRelative(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../");
}

export function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith("node:") || builtinModules.includes(packageOfSpecifier(specifier));
}

function stringArgument(node: ts.Node | undefined): string | undefined {
  return node !== undefined && typescript.isStringLiteralLike(node) ? node.text : undefined;
}

/**
 * Every module specifier in one file, read from the syntax tree: static imports,
 * export-from, dynamic `import()`, `require()` and `import("x")` type references.
 * Comments and strings that merely look like imports are not specifiers.
 */
export function specifiersInSource(fileName: string, text: string): Omit<SpecifierUse, "file">[] {
  // Doc comments are left unparsed: the walk below never enters them (forEachChild skips
  // JSDoc), and in JavaScript files TypeScript otherwise parses every one as types.
  const options = {
    languageVersion: typescript.ScriptTarget.Latest,
    jsDocParsingMode: typescript.JSDocParsingMode.ParseNone,
  };
  const source = typescript.createSourceFile(fileName, text, options, false);
  const found: Omit<SpecifierUse, "file">[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript.isImportDeclaration(node) || typescript.isImportEqualsDeclaration(node)) {
      const target = typescript.isImportDeclaration(node)
        ? node.moduleSpecifier
        : typescript.isExternalModuleReference(node.moduleReference)
          ? node.moduleReference.expression
          : undefined;
      const specifier = stringArgument(target);
      if (specifier !== undefined) found.push({ specifier, form: "import" });
    } else if (typescript.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      const specifier = stringArgument(node.moduleSpecifier);
      if (specifier !== undefined) found.push({ specifier, form: "export-from" });
    } else if (typescript.isImportTypeNode(node)) {
      const literal = typescript.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      const specifier = stringArgument(literal);
      if (specifier !== undefined) found.push({ specifier, form: "import-type" });
    } else if (typescript.isCallExpression(node)) {
      const isDynamicImport = node.expression.kind === typescript.SyntaxKind.ImportKeyword;
      const isRequire = typescript.isIdentifier(node.expression) && node.expression.text === "require";
      if (isDynamicImport || isRequire) {
        const form: SpecifierForm = isDynamicImport ? "dynamic-import" : "require";
        const specifier = stringArgument(node.arguments[0]);
        found.push(
          specifier !== undefined
            ? { specifier, form }
            : { specifier: node.arguments[0]?.getText(source) ?? "", form, computed: true },
        );
      }
    }
    typescript.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Which of the two reported kinds a dist file is, if any (maps are not code). */
export function distFileKind(path: string): DistFileKind | undefined {
  if (path.endsWith(".d.ts")) return ".d.ts";
  if (path.endsWith(".js")) return ".js";
  return undefined;
}

const scanned = new Map<string, Readonly<Record<DistFileKind, readonly SpecifierUse[]>>>();

/** Every specifier in a package's `dist/`, grouped by file kind (read once per process and package). */
export function scanDist(packageDir: string): Readonly<Record<DistFileKind, readonly SpecifierUse[]>> {
  let result = scanned.get(packageDir);
  if (result === undefined) {
    result = scanFiles(packageDir);
    scanned.set(packageDir, result);
  }
  return result;
}

function scanFiles(packageDir: string): Record<DistFileKind, SpecifierUse[]> {
  const result: Record<DistFileKind, SpecifierUse[]> = { ".js": [], ".d.ts": [] };
  for (const path of filesUnder(join(packageDir, "dist"))) {
    const kind = distFileKind(path);
    if (kind === undefined) continue;
    const file = relative(packageDir, path).split(sep).join("/");
    for (const use of specifiersInSource(path, readFileSync(path, "utf8"))) result[kind].push({ ...use, file });
  }
  return result;
}

/** Whether a relative specifier stays inside the package folder. */
export function staysInside(packageDir: string, use: SpecifierUse): boolean {
  const target = resolve(packageDir, use.file, "..", use.specifier);
  return target === packageDir || target.startsWith(packageDir + sep);
}

/** One row of a specifier table: a distinct specifier and how it is used. */
export interface SpecifierRow {
  specifier: string;
  forms: SpecifierForm[];
  files: number;
}

/** The distinct specifiers of one file kind, sorted; relative ones collapsed into one row by `relativeLabel`. */
export function specifierTable(uses: readonly SpecifierUse[], relativeLabel = "(relative)"): SpecifierRow[] {
  const rows = new Map<string, { forms: Set<SpecifierForm>; files: Set<string> }>();
  for (const use of uses) {
    const key = isRelative(use.specifier) ? relativeLabel : use.specifier;
    const row = rows.get(key) ?? { forms: new Set(), files: new Set() };
    row.forms.add(use.form);
    row.files.add(use.file);
    rows.set(key, row);
  }
  return [...rows.entries()]
    .map(([specifier, row]) => ({ specifier, forms: [...row.forms].sort(), files: row.files.size }))
    .sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
}
