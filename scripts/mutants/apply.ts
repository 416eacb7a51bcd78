import type { PatchSpec } from "./spec.ts";

/** Why a patch was not applied: its find text occurs zero times or more than once. */
export interface PatchRefused {
  kind: "find-not-unique";
  occurrences: number;
  message: string;
}

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count++;
  return count;
}

/** The file's text with the spec's one replacement made, or why it was refused. */
export function applyPatch(
  text: string,
  spec: Pick<PatchSpec, "package" | "file" | "find" | "replace">,
): string | PatchRefused {
  const found = occurrences(text, spec.find);
  if (found !== 1) {
    const where = `${spec.package}/${spec.file}`;
    const snippet = JSON.stringify(spec.find.length > 60 ? `${spec.find.slice(0, 57)}...` : spec.find);
    return {
      kind: "find-not-unique",
      occurrences: found,
      message: `${where}: the find text ${snippet} occurs ${found} times; it must occur exactly once`,
    };
  }
  const at = text.indexOf(spec.find);
  return text.slice(0, at) + spec.replace + text.slice(at + spec.find.length);
}

/** Type guard for the refusal side of {@link applyPatch}. */
export function isPatchRefused(value: string | PatchRefused): value is PatchRefused {
  return typeof value !== "string";
}
