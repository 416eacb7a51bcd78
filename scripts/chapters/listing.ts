import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Code taken from a file in examples/, whole or one named region. */
export interface Listing {
  /** Project-relative path of the file. */
  file: string;
  /** The region name, or undefined for the whole file. */
  region: string | undefined;
  /** The code with every ANCHOR line removed and the common indentation stripped. */
  code: string;
  /** 1-based line of the file where the code starts (for links to the source). */
  startLine: number;
  /** 1-based line of the file where the code ends. */
  endLine: number;
  /** Columns of indentation stripped; non-zero means the region sits inside a function. */
  indent: number;
}

export type ListingProblem =
  | { kind: "missing-file"; message: string }
  | { kind: "missing-region"; message: string }
  | { kind: "unterminated-region"; message: string };

const ANCHOR = /^\s*\/\/\s*ANCHOR(_END)?:\s*([\w.-]+)\s*$/;

/** The name a line opens or closes as a region, if it is an ANCHOR line. */
function anchorOf(line: string): { end: boolean; name: string } | undefined {
  const m = ANCHOR.exec(line);
  return m ? { end: m[1] !== undefined, name: m[2]! } : undefined;
}

function commonIndent(lines: string[]): number {
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)![0].length);
  return indents.length > 0 ? Math.min(...indents) : 0;
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === "") start++;
  while (end > start && lines[end - 1]!.trim() === "") end--;
  return lines.slice(start, end);
}

/**
 * Reads `file` (project-relative), whole or the region between
 * `// ANCHOR: region` and `// ANCHOR_END: region`. ANCHOR lines of other, nested or
 * overlapping regions are dropped, as mdBook does, so they never reach the reader.
 */
export function readListing(file: string, region?: string): Listing | ListingProblem {
  let text: string;
  try {
    text = readFileSync(join(PROJECT_ROOT, file), "utf8");
  } catch {
    return { kind: "missing-file", message: `included file ${file} does not exist` };
  }
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let from = 0;
  let to = lines.length;
  if (region !== undefined) {
    const open = lines.findIndex((l) => {
      const a = anchorOf(l);
      return a !== undefined && !a.end && a.name === region;
    });
    if (open < 0)
      return { kind: "missing-region", message: `${file} has no region "${region}" (no // ANCHOR: ${region} line)` };
    const close = lines.findIndex((l, i) => {
      const a = anchorOf(l);
      return i > open && a !== undefined && a.end && a.name === region;
    });
    if (close < 0) {
      return {
        kind: "unterminated-region",
        message: `region "${region}" of ${file} has no // ANCHOR_END: ${region} line`,
      };
    }
    from = open + 1;
    to = close;
  }
  const kept: { text: string; line: number }[] = [];
  for (let i = from; i < to; i++) {
    if (anchorOf(lines[i]!) === undefined) kept.push({ text: lines[i]!, line: i + 1 });
  }
  const body = trimBlankEdges(kept.map((k) => k.text));
  const firstKept = kept.find((k) => k.text.trim() !== "");
  const lastKept = [...kept].reverse().find((k) => k.text.trim() !== "");
  const indent = commonIndent(body);
  return {
    file,
    region,
    code: body.map((l) => l.slice(indent)).join("\n"),
    indent,
    startLine: firstKept?.line ?? from + 1,
    endLine: lastKept?.line ?? from + 1,
  };
}

/** Type guard for the problem side of {@link readListing}. */
export function isListingProblem(value: Listing | ListingProblem): value is ListingProblem {
  return "kind" in value;
}
