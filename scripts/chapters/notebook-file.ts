import { readFileSync } from "node:fs";
import { writeFileAtomically } from "../lib/atomic-write.ts";

/** Text in nbformat: one string, or lines that each keep their "\n". */
export type MultilineText = string | string[];

export type MimeBundle = Record<string, MultilineText | unknown>;

export type Output =
  | { output_type: "stream"; name: "stdout" | "stderr"; text: MultilineText }
  | { output_type: "display_data"; data: MimeBundle; metadata: Record<string, unknown> }
  | {
      output_type: "execute_result";
      data: MimeBundle;
      metadata: Record<string, unknown>;
      execution_count: number | null;
    }
  | { output_type: "error"; ename: string; evalue: string; traceback: string[] };

export interface CodeCell {
  cell_type: "code";
  id?: string;
  source: MultilineText;
  metadata: Record<string, unknown>;
  outputs: Output[];
  execution_count: number | null;
}

export interface TextCell {
  cell_type: "markdown" | "raw";
  id?: string;
  source: MultilineText;
  metadata: Record<string, unknown>;
  attachments?: Record<string, unknown>;
}

export type Cell = CodeCell | TextCell;

/** An nbformat 4 notebook, as far as this project reads and writes one. */
export interface Notebook {
  nbformat: 4;
  nbformat_minor: number;
  metadata: {
    kernelspec?: { name: string; display_name: string; language?: string };
    [key: string]: unknown;
  };
  cells: Cell[];
}

/** A file the runner will not execute, and the one line that says why. */
export interface BadNotebook {
  kind: "bad-notebook";
  file: string;
  message: string;
}

export function joinText(text: MultilineText): string {
  return Array.isArray(text) ? text.join("") : text;
}

/**
 * An error output's text as Jupyter shows it: the traceback, which a kernel starts with
 * the error's own first line, or `ename: evalue` when the kernel sent no traceback.
 */
export function errorText(output: { ename: string; evalue: string; traceback: string[] }): string {
  return output.traceback.length > 0 ? output.traceback.join("\n") : `${output.ename}: ${output.evalue}`;
}

/** Splits text the way Jupyter stores it: lines that keep their "\n". */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function isMultiline(value: unknown): value is MultilineText {
  return typeof value === "string" || (Array.isArray(value) && value.every((line) => typeof line === "string"));
}

/**
 * Reads an nbformat 4 notebook for the kernel named `kernelName`, or says in one line
 * what is wrong with the file and what to do.
 */
export function readNotebook(file: string, kernelName: string): Notebook | BadNotebook {
  const bad = (message: string): BadNotebook => ({ kind: "bad-notebook", file, message: `${file}: ${message}` });
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return bad(code === "ENOENT" ? "no such file" : `cannot read it (${code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return bad("not JSON; a notebook is an .ipynb JSON file");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return bad("not a notebook (expected a JSON object)");
  const nb = parsed as Partial<Notebook> & Record<string, unknown>;
  if (nb.nbformat !== 4) return bad(`nbformat is ${JSON.stringify(nb.nbformat)}; this runner reads nbformat 4`);
  if (!Array.isArray(nb.cells)) return bad("has no cells array");
  const kernel = nb.metadata?.kernelspec?.name;
  if (kernel !== kernelName) {
    return bad(`kernelspec is ${JSON.stringify(kernel)}; set metadata.kernelspec.name to "${kernelName}"`);
  }
  for (const [index, cell] of nb.cells.entries()) {
    const c = cell as Partial<CodeCell>;
    if (!["code", "markdown", "raw"].includes(String(c.cell_type)) || !isMultiline(c.source)) {
      return bad(`cell ${index} is not an nbformat 4 cell (cell_type and source are required)`);
    }
    if (c.cell_type === "code" && !Array.isArray(c.outputs)) return bad(`code cell ${index} has no outputs array`);
  }
  return nb as Notebook;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The bytes of a notebook as Jupyter itself saves them (keys sorted, one-space indent,
 * a final newline), so opening and saving it in Jupyter gives no diff.
 */
export function serialiseNotebook(nb: Notebook): string {
  return JSON.stringify(sortKeys(nb), null, 1) + "\n";
}

/** Writes beside the target and renames, so a failed write never leaves half a notebook. */
export function writeNotebookAtomically(file: string, nb: Notebook): void {
  writeFileAtomically(file, serialiseNotebook(nb));
}
