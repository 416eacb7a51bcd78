// The nbclient driver (nbclient/execute.py) as the Node tests call it: notebooks, or a
// plan of cells, file edits, completion, inspection and interrupts run in one kernel of
// Jupyter's own client, against the kernelspec `npm run kernel:install` wrote into a
// temporary Jupyter home.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";
import type { TemporaryJupyter } from "./jupyter-home.ts";

const DRIVER = join(PROJECT_ROOT, "scripts", "notebooks", "nbclient", "execute.py");

/**
 * How long one driver run may take. Its cells time out at 600 s each in nbclient, so a plan
 * of hung cells would block the test (spawnSync, where no test timeout reaches) for much longer.
 */
const DRIVER_LIMIT_MS = 12 * 60_000;

/** A cell's execute_reply and outputs as nbclient received them; `seconds` from request to reply. */
export interface CellResult {
  status: string;
  ename: string | null;
  evalue: string | null;
  traceback: string[] | null;
  outputs: { output_type: string; name?: string; text?: string }[];
  seconds: number;
}

/** A cell (interrupted `interrupt_after` seconds after its request), a file written, or a Tab or Shift-Tab request at `cursor` (default the end of the code). */
export type PlanStep =
  | { code: string; interrupt_after?: number }
  | { write: { path: string; text: string } }
  | { complete: string; cursor?: number }
  | { inspect: string; cursor?: number };

/** A reply to a complete_request or inspect_request (the cursor at the end of the code), as jupyter_client received it. */
export interface ShellReply {
  msg_type: string;
  content: { status: string; matches?: string[]; cursor_start?: number; cursor_end?: number; found?: boolean; data?: Record<string, string> };
}

/** Where and how a plan's kernel starts: its working directory (a notebook's folder), its kernelspec name, its environment. */
export interface PlanSettings {
  cwd?: string;
  kernel?: string;
  env?: NodeJS.ProcessEnv;
}

/** The driver bound to `jupyter`, which registers the kernel before the first run. */
export function nbclientDriver(python: string, jupyter: TemporaryJupyter) {
  function driver(args: string[], env: NodeJS.ProcessEnv = {}): unknown {
    jupyter.installKernelspec();
    const run = spawnSync(python, [DRIVER, ...args], {
      cwd: PROJECT_ROOT,
      env: { ...jupyter.env, ...env },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: DRIVER_LIMIT_MS,
      killSignal: "SIGKILL",
    });
    const timedOut = (run.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
    assert.ok(!timedOut, `the nbclient driver (${args.join(" ")}) had not finished after ${DRIVER_LIMIT_MS / 60_000} min; its stderr:\n${run.stderr}`);
    assert.equal(run.status, 0, `nbclient driver exited ${run.status}:\n${run.stderr}`);
    return JSON.parse(run.stdout);
  }
  function plan(steps: PlanStep[], settings: PlanSettings = {}): (CellResult | ShellReply)[] {
    const file = join(jupyter.home, `plan-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify({ cwd: settings.cwd ?? PROJECT_ROOT, ...(settings.kernel === undefined ? {} : { kernel: settings.kernel }), steps }));
    return driver(["plan", file], settings.env) as (CellResult | ShellReply)[];
  }
  return { driver, plan };
}

/** A cell's stream output, as one text. */
export const textOf = (cell: CellResult): string => cell.outputs.map((output) => output.text ?? "").join("");
