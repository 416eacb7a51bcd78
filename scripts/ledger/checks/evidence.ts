import type { CompileDiagnostic } from "../../toolchain/compile.ts";

// Evidence is one line of measured facts. These build it from its parts, so a check says
// what it measured and the joining is written once.

/** Items as evidence names them: "a, b, c", or "none" when there are none. */
export function list(items: readonly unknown[]): string {
  return items.length === 0 ? "none" : items.join(", ");
}

/** Texts in double quotes, joined by `separator` (", " unless given): `"a", "b"`. */
export function quoted(texts: readonly string[], separator = ", "): string {
  return texts.map((text) => `"${text}"`).join(separator);
}

/** One line of evidence from its facts, joined by "; ". A fact given as `false` or `undefined` is left out. */
export function facts(...parts: readonly (string | false | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === "string").join("; ");
}

/** "1 provider request", "2 provider requests". */
export function requests(n: number): string {
  return `${n} provider request${n === 1 ? "" : "s"}`;
}

/** " (first: TS2322 file:line message)" for a compile's first diagnostic, or "" when it had none. */
export function firstDiagnostic(diagnostics: readonly CompileDiagnostic[]): string {
  const first = diagnostics[0];
  return first === undefined
    ? ""
    : ` (first: TS${first.code} ${first.file ?? ""}:${first.line ?? "?"} ${first.message.split("\n")[0]})`;
}
