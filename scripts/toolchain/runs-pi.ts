import { fileURLToPath } from "node:url";
import type ts from "typescript";
import { moduleReaches } from "../lib/reaches.ts";
import { PACKAGE_NAMES } from "./pin.ts";
import { typescript } from "./typescript.ts";

const PI = [PACKAGE_NAMES.core, PACKAGE_NAMES.ai];
const isPi = (specifier: string) => PI.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** The specifiers `source` imports at run time: type-only imports and exports are erased, so they are left out. */
function runtimeSpecifiers(source: ts.SourceFile): string[] {
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

const decided = new Map<string, boolean>();

/**
 * Whether the module at `file` runs Pi's code when it is loaded and used: it, or a module it
 * reaches through relative imports, imports @earendil-works/pi-agent-core or pi-ai at run
 * time. A module that only type-checks listings, or reads files, imports no Pi value.
 */
export function modulePullsInPi(file: string): boolean {
  return moduleReaches(
    file,
    (at, text) => {
      const specifiers = runtimeSpecifiers(
        typescript.createSourceFile(at, text, typescript.ScriptTarget.Latest, false, typescript.ScriptKind.TS),
      );
      return { hit: specifiers.some(isPi), relatives: specifiers.filter((s) => s.startsWith(".")) };
    },
    decided,
  );
}

/** The modules (file URLs) among `urls` that run Pi's code, in the order given. */
export function piRunningModules(urls: Iterable<string>): string[] {
  return [...urls].filter((url) => url.startsWith("file:") && modulePullsInPi(fileURLToPath(url)));
}
