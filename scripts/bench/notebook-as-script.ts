import ts from "typescript";

// A notebook's code cells as one module tsx can run, to time the same code without the
// kernel. Imports are gathered at the top (each binding once); each cell's other
// statements go in a block of their own, nested in the previous cell's, as the kernel
// scopes cells: a cell reads the names earlier cells declared, and a name it declares
// again shadows the earlier one (a function a cell defines for show may share a name
// with an import).

/** Why a notebook could not be turned into a script. */
export type ScriptProblem = { kind: "conflicting-import"; message: string };

interface Binding {
  imported: string;
  typeOnly: boolean;
}

// Names the timing code declares; a cell is unlikely to declare them too.
const MARKS = "__notebookCellMarks";
const WRITE = "__writeNotebookCellTimes";

/**
 * The module for `cells` (code cell sources, in order), with relative import specifiers
 * rewritten by `respecify` (the script does not live where the notebook's cells run).
 * With `timesFile`, the module also writes there, as a JSON array, each cell's time in
 * milliseconds: from the start of its statements to the start of the next cell's (the
 * gathered imports load before the first cell starts).
 */
export function notebookAsScript(
  cells: readonly string[],
  respecify: (specifier: string) => string,
  timesFile?: string,
): string | ScriptProblem {
  const named = new Map<string, Map<string, Binding>>(); // specifier → local name → binding
  const sideEffects = new Set<string>();
  const otherImports: string[] = [];
  const locals = new Map<string, string>(); // local name → specifier
  const blocks: string[] = [];

  for (const [index, source] of cells.entries()) {
    const file = ts.createSourceFile(`cell-${index}.ts`, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const body: string[] = [];
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
        const specifier = respecify(statement.moduleSpecifier.text);
        const clause = statement.importClause;
        if (clause === undefined) {
          sideEffects.add(specifier);
          continue;
        }
        const bindings = clause.namedBindings;
        if (clause.name !== undefined || (bindings !== undefined && ts.isNamespaceImport(bindings))) {
          otherImports.push(
            statement.getText().replace(statement.moduleSpecifier.getText(), JSON.stringify(specifier)),
          );
          continue;
        }
        if (bindings === undefined) continue;
        const bySpecifier = named.get(specifier) ?? new Map<string, Binding>();
        named.set(specifier, bySpecifier);
        for (const element of bindings.elements) {
          const local = element.name.text;
          const owner = locals.get(local);
          if (owner !== undefined && owner !== specifier) {
            return {
              kind: "conflicting-import",
              message: `cell ${index} imports ${local} from ${specifier}, an earlier cell from ${owner}`,
            };
          }
          locals.set(local, specifier);
          const typeOnly = clause.isTypeOnly || element.isTypeOnly;
          const previous = bySpecifier.get(local);
          // A name imported as a value anywhere is a value import.
          bySpecifier.set(local, {
            imported: (element.propertyName ?? element.name).text,
            typeOnly: typeOnly && (previous?.typeOnly ?? true),
          });
        }
        continue;
      }
      if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) continue;
      // Inside a block a declaration cannot be exported; the kernel's exports are for show.
      const exportKeyword = ts.canHaveModifiers(statement)
        ? ts.getModifiers(statement)?.find((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : undefined;
      const text = statement.getFullText();
      const offset = statement.getFullStart();
      body.push(
        exportKeyword === undefined
          ? text
          : text.slice(0, exportKeyword.getStart() - offset) + text.slice(exportKeyword.getEnd() - offset).trimStart(),
      );
    }
    const mark = timesFile === undefined ? "" : `${MARKS}.push(performance.now());`;
    blocks.push(`// cell ${index}\n{${mark}${body.join("")}\n`);
  }

  const importLines = [
    ...[...sideEffects].map((specifier) => `import ${JSON.stringify(specifier)};`),
    ...otherImports,
    ...[...named].map(([specifier, bindings]) => {
      const names = [...bindings].map(
        ([local, b]) => `${b.typeOnly ? "type " : ""}${b.imported === local ? local : `${b.imported} as ${local}`}`,
      );
      return `import { ${names.join(", ")} } from ${JSON.stringify(specifier)};`;
    }),
  ];
  if (timesFile === undefined)
    return `${importLines.join("\n")}\n\n${blocks.join("\n")}\n${"}".repeat(blocks.length)}\n`;
  const start = `import { writeFileSync as ${WRITE} } from "node:fs";\n${importLines.join("\n")}\nconst ${MARKS}: number[] = [];\n`;
  const end = `${MARKS}.push(performance.now());\n${WRITE}(${JSON.stringify(timesFile)}, JSON.stringify(${MARKS}.slice(1).map((mark, i) => mark - ${MARKS}[i]!)));\n`;
  return `${start}\n${blocks.join("\n")}\n${end}${"}".repeat(blocks.length)}\n`;
}
