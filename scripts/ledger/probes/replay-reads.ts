import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type ts from "typescript";
import { packageDir, PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { typescript } from "../../toolchain/typescript.ts";

// The static half of ch37.types.replay-metadata-only: the core's shipped code, searched for
// any read of `replay`. The runs themselves are the demonstration, examples/ch37-agent-core/demonstrations/replay-metadata.ts.

/** A place in a dist file that reads a property named `replay`. */
export interface ReplayRead {
  file: string;
  line: number;
  code: string;
}

function readsReplay(node: ts.Node): boolean {
  if (typescript.isPropertyAccessExpression(node)) return node.name.text === "replay";
  if (typescript.isElementAccessExpression(node))
    return typescript.isStringLiteralLike(node.argumentExpression) && node.argumentExpression.text === "replay";
  // const { replay } = tool; const { replay: r } = tool
  if (typescript.isBindingElement(node)) {
    const name = node.propertyName ?? node.name;
    return (typescript.isIdentifier(name) || typescript.isStringLiteralLike(name)) && name.text === "replay";
  }
  // "replay" in tool
  if (typescript.isBinaryExpression(node) && node.operatorToken.kind === typescript.SyntaxKind.InKeyword) {
    return typescript.isStringLiteralLike(node.left) && node.left.text === "replay";
  }
  return false;
}

/** Every read of a property named `replay` in one JavaScript file, from its syntax tree. */
export function replayReadsInSource(file: string, text: string): ReplayRead[] {
  const source = typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, true);
  const reads: ReplayRead[] = [];
  const visit = (node: ts.Node): void => {
    if (readsReplay(node)) {
      reads.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        code: node.getText(source),
      });
    }
    typescript.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

/**
 * Every read of a property named `replay` in the installed core's dist/*.js: comments and
 * strings that mention the word are not reads.
 */
export function replayReadsInCoreDist(): { files: number; reads: ReplayRead[] } {
  const dir = packageDir(PACKAGE_NAMES.core);
  if (dir === undefined) throw new Error(`${PACKAGE_NAMES.core} is not installed; run npm ci`);
  const files = readdirSync(join(dir, "dist"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(c|m)?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const reads = files.flatMap((path) =>
    replayReadsInSource(relative(dir, path).split(sep).join("/"), readFileSync(path, "utf8")),
  );
  return { files: files.length, reads };
}
