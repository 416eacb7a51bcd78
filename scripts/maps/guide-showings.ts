// Where a chapter guide shows a file of examples/: each `{{#include}}` of one of its regions,
// and each code cell that imports it, with the claims the guide makes just before. Those are
// the claims the region is there to show: a guide states a claim, then shows the code.

/** One place a guide shows a file: an included region, or a code cell that imports the file. */
export interface Showing {
  /** The guide's project path, `chapters/37-agent-core.md`. */
  guide: string;
  /** The `## ` heading of the section it is in ("(introduction)" before the first). */
  heading: string;
  /** The file's project path, `examples/ch37-agent-core/research-agent.ts`. */
  file: string;
  /** The included region's name; undefined for a code cell, or an include of the whole file. */
  region?: string;
  kind: "include" | "run";
  /**
   * The claim markers of the prose between the previous include, code cell or heading and this
   * one; a section's last include also gets those of the prose after it, up to the next heading.
   */
  claims: string[];
}

const INCLUDE = /\{\{#include(?:-fails)?\s+(examples\/[^\s:}]+)(?::([^\s}]+))?\s*\}\}/g;
const CELL_IMPORT = /from\s+"\.\/(examples\/[^"]+)"/g;
const CLAIM = /\{\{claim\s+([^\s}]+)\s*\}\}/g;
const FENCE = /^\s*```/;

/** Every showing in a guide's text, in the guide's order. */
export function showingsIn(guide: string, text: string): Showing[] {
  const result: Showing[] = [];
  let heading = "(introduction)";
  let claims: string[] = [];
  let cell: string[] | undefined;
  // Claims stated after a section's last showing are about what it showed: they go to its
  // last include (the region the prose follows), or its last code cell.
  const closeSection = () => {
    const shown = result.filter((s) => s.guide === guide && s.heading === heading);
    const last = shown.findLast((s) => s.kind === "include") ?? shown.at(-1);
    if (last !== undefined && claims.length > 0) last.claims = [...last.claims, ...claims];
  };
  for (const line of text.split("\n")) {
    if (cell !== undefined) {
      if (!FENCE.test(line)) {
        cell.push(line);
        continue;
      }
      for (const [, file] of cell.join("\n").matchAll(CELL_IMPORT))
        result.push({ guide, heading, file: file!, kind: "run", claims });
      cell = undefined;
      claims = [];
      continue;
    }
    const title = /^## (.+)$/.exec(line);
    if (title !== null) {
      closeSection();
      heading = title[1]!.trim();
      claims = [];
    } else if (FENCE.test(line)) cell = [];
    else if (line.includes("{{#include")) {
      for (const [, file, region] of line.matchAll(INCLUDE))
        result.push({
          guide,
          heading,
          file: file!,
          ...(region === undefined ? {} : { region }),
          kind: "include",
          claims,
        });
      claims = [];
    } else claims = [...claims, ...[...line.matchAll(CLAIM)].map((m) => m[1]!)];
  }
  closeSection();
  return result;
}
