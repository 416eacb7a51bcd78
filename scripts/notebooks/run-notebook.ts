import { readFileSync } from "node:fs";
import { executeNotebook, type CellFailure, type ExecuteOptions } from "./execute-notebook.ts";
import { KERNEL_NAME } from "./kernelspec.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { normaliseOutputs } from "./normalise-outputs.ts";
import {
  joinText,
  readNotebook,
  serialiseNotebook,
  writeNotebookAtomically,
  type BadNotebook,
  type Notebook,
  type Output,
} from "../chapters/notebook-file.ts";

/** Stored outputs that a fresh run does not reproduce. */
export interface Drift {
  kind: "drift";
  file: string;
  cellIndex: number;
  source: string;
  stored: Output[];
  fresh: Output[];
  message: string;
}

export type RunFailure = BadNotebook | CellFailure | Drift;

/** A notebook that ran clean: its stored outputs match, or were just refreshed. */
export interface NotebookPassed {
  kind: "passed" | "written" | "unchanged";
  file: string;
  ms: number;
}

export interface RunOptions extends ExecuteOptions {
  /** Store the fresh outputs instead of comparing with the stored ones. */
  write: boolean;
}

/** The notebook with every code cell's outputs replaced by normalised fresh ones. */
function withFreshOutputs(nb: Notebook, fresh: Map<number, Output[]>): Notebook {
  return {
    ...nb,
    cells: nb.cells.map((cell, index) => {
      if (cell.cell_type !== "code") return cell;
      // Jupyter records run times under metadata.execution; they differ every run.
      const { execution: _timing, ...metadata } = cell.metadata;
      return { ...cell, metadata, execution_count: null, outputs: normaliseOutputs(fresh.get(index) ?? [], PROJECT_ROOT) };
    }),
  };
}

// With PI_COMPANION_LISTINGS set, the first cell that loads a reader's listing says so
// (kernel/reader-listings.cjs); the stored outputs, ours, never have that line.
const LISTING_NOTE = /^note: PI_COMPANION_LISTINGS is set: [^\n]*\n$/;
const withoutListingNotes = (outputs: Output[]) => outputs.filter((output) => !(output.output_type === "stream" && LISTING_NOTE.test(joinText(output.text))));

function findDrift(file: string, nb: Notebook, fresh: Map<number, Output[]>): Drift | undefined {
  for (const [index, cell] of nb.cells.entries()) {
    if (cell.cell_type !== "code") continue;
    const stored = normaliseOutputs(cell.outputs, PROJECT_ROOT);
    const now = normaliseOutputs(withoutListingNotes(fresh.get(index) ?? []), PROJECT_ROOT);
    if (JSON.stringify(stored) !== JSON.stringify(now)) {
      return {
        kind: "drift",
        file,
        cellIndex: index,
        source: joinText(cell.source),
        stored,
        fresh: now,
        message: `cell ${index}: the stored outputs differ from a fresh run; run \`npm run notebooks -- --write ${file}\` and review the diff`,
      };
    }
  }
  return undefined;
}

/**
 * Reads, executes and checks one notebook. Without `write`, fresh outputs must equal the
 * stored ones after normalisation. With `write`, they replace the stored ones, and the
 * file is written only when every cell succeeded and something changed.
 */
export async function runNotebookFile(file: string, options: RunOptions): Promise<NotebookPassed | RunFailure> {
  const started = Date.now();
  const nb = readNotebook(file, KERNEL_NAME);
  if ("kind" in nb) return nb;
  const run = await executeNotebook(file, nb, options);
  if (run.kind !== "executed") return run;
  const fresh = new Map(run.cells.map((cell) => [cell.cellIndex, cell.outputs]));
  if (!options.write) return findDrift(file, nb, fresh) ?? { kind: "passed", file, ms: Date.now() - started };
  const refreshed = withFreshOutputs(nb, fresh);
  if (serialiseNotebook(refreshed) === readFileSync(file, "utf8")) return { kind: "unchanged", file, ms: Date.now() - started };
  writeNotebookAtomically(file, refreshed);
  return { kind: "written", file, ms: Date.now() - started };
}
