import { dirname, resolve } from "node:path";
import type ts from "typescript";
import { moduleReaches } from "../lib/reaches.ts";
import { typescript } from "./typescript.ts";

/** The specifiers `source` imports at run time: type-only imports and exports are erased, so they are left out. */
function specifiersOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript.isImportDeclaration(node) && typescript.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            typescript.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      if (!allTypes) found.push(node.moduleSpecifier.text);
    } else if (
      typescript.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      typescript.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      typescript.isCallExpression(node) &&
      node.expression.kind === typescript.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      typescript.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    typescript.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The specifiers the module `file` (its `text`) imports at run time: type-only imports and exports are left out. */
export function runtimeSpecifiers(file: string, text: string): string[] {
  return specifiersOf(
    typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, false, typescript.ScriptKind.TS),
  );
}

/**
 * Whether the module `file`, or one it reaches through relative imports at run time, imports
 * a specifier `hit` accepts (given the absolute path for a relative one). `cache` keeps the answers.
 */
export function importsAtRunTime(
  file: string,
  hit: (specifier: string, resolved: string | undefined) => boolean,
  cache: Map<string, boolean>,
): boolean {
  return moduleReaches(
    file,
    (at, text) => {
      const specifiers = runtimeSpecifiers(at, text);
      const relatives = specifiers.filter((s) => s.startsWith("."));
      return {
        hit: specifiers.some((s) => hit(s, s.startsWith(".") ? resolve(dirname(at), s) : undefined)),
        relatives,
      };
    },
    cache,
  );
}
