import type ts from "typescript";
import { typescript } from "../toolchain/typescript.ts";

/**
 * A port of the book's code to a release: the names that the release's pi-ai no longer
 * exports and the module that provides them instead. Only import lines change.
 */
export interface Port {
  /** How evidence and appendix B name it: "the 1.5 port". */
  name: string;
  /** The first pi-ai release that needs it. */
  since: string;
  /**
   * The core releases it is for, when the core's own declarations decide a moved name's
   * module: from `coreSince` (inclusive) to `coreBefore` (exclusive). Absent: any core.
   */
  coreSince?: string;
  coreBefore?: string;
  /** The module the book imports the names from. */
  from: string;
  /** Each name that moves, and the module that provides it in the port. */
  moves: Readonly<Record<string, string>>;
  /**
   * The module (in scripts/port/) the release hook serves the chapters' modules in
   * place of `from` at run time: `from` plus the moved values, so the code runs as ported
   * without a second copy of it.
   */
  adapter: string;
}

/** One rewritten import declaration: 1-based lines of the original, replaced by `replacement`. */
export interface ImportEdit {
  firstLine: number;
  lastLine: number;
  original: string[];
  replacement: string[];
}

function specifierText(source: ts.SourceFile, spec: ts.ImportSpecifier, withType: boolean): string {
  const text = spec.getText(source).replace(/^type\s+/, "");
  return withType ? `type ${text}` : text;
}

/**
 * The edits that apply `port` to one module's source: each import from `port.from` that names
 * one of `port.names` loses those names, and a new import from `port.to` takes them (type-only
 * names stay type-only). Returns no edits when the module imports none of them.
 */
export function portEdits(text: string, port: Port, fileName = "module.ts"): ImportEdit[] {
  const source = typescript.createSourceFile(fileName, text, typescript.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const edits: ImportEdit[] = [];
  for (const statement of source.statements) {
    if (!typescript.isImportDeclaration(statement)) continue;
    if (!typescript.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== port.from)
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings === undefined || !typescript.isNamedImports(bindings)) continue;
    const typeOnly = statement.importClause!.isTypeOnly;
    const target = (e: ts.ImportSpecifier) => port.moves[(e.propertyName ?? e.name).text];
    const moving = bindings.elements.filter((e) => target(e) !== undefined);
    if (moving.length === 0) continue;
    const staying = bindings.elements.filter((e) => !moving.includes(e));
    const first = source.getLineAndCharacterOfPosition(statement.getStart(source)).line;
    const last = source.getLineAndCharacterOfPosition(statement.getEnd()).line;
    const quote = statement.moduleSpecifier.getText(source)[0];
    // An import whose names are all types stays `import type`, so that it is erased at run
    // time: a module that provides only types (pi-schema's Static) is never loaded.
    const clause = (specs: readonly ts.ImportSpecifier[], to: string) => {
      const allTypes = typeOnly || specs.every((s) => s.isTypeOnly);
      const names = specs.map((s) => specifierText(source, s, !allTypes && s.isTypeOnly)).join(", ");
      return `import ${allTypes ? "type " : ""}{ ${names} } from ${quote}${to}${quote};`;
    };
    const replacement: string[] = [];
    if (staying.length > 0) replacement.push(clause(staying, port.from));
    const destinations = [...new Set(moving.map(target))] as string[];
    for (const to of destinations)
      replacement.push(
        clause(
          moving.filter((e) => target(e) === to),
          to,
        ),
      );
    edits.push({ firstLine: first + 1, lastLine: last + 1, original: lines.slice(first, last + 1), replacement });
  }
  return edits;
}

/** `text` with `edits` applied. */
export function applyEdits(text: string, edits: readonly ImportEdit[]): string {
  const lines = text.split("\n");
  for (const edit of [...edits].sort((a, b) => b.firstLine - a.firstLine)) {
    lines.splice(edit.firstLine - 1, edit.lastLine - edit.firstLine + 1, ...edit.replacement);
  }
  return lines.join("\n");
}
