// Executes notebooks headless in the project's kernel, without Python or Jupyter:
//   tsx scripts/notebooks/main.ts [--write] [--timeout S] [FILE...]
// Exit status: 0 every notebook ran clean and matches its stored outputs (or was
// refreshed with --write); 1 a cell failed or outputs drifted; 2 bad input.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { requirePinnedPi } from "../toolchain/pin.ts";
import { LISTINGS_ENV, readerListingsDir } from "../toolchain/listing-source.ts";
import { commandLine, refuse } from "../lib/cli.ts";
import { fromReader } from "../lib/reader-paths.ts";
import { KERNEL_NAME } from "./kernelspec.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { errorText, joinText, readNotebook, type BadNotebook, type Output } from "../chapters/notebook-file.ts";
import { runNotebookFile, type RunFailure } from "./run-notebook.ts";

const DEFAULT_TIMEOUT_S = 120;

const COMMAND = {
  name: "notebooks",
  usage: "usage: npm run notebooks -- [--write] [--timeout SECONDS] [FILE.ipynb...]",
  details: [
    "Runs the notebooks (default: notebooks/*.ipynb) in the project's kernel and compares each cell's output with the stored one.",
    "  --write            store the fresh outputs instead of comparing",
    `  --timeout SECONDS  per cell (default ${DEFAULT_TIMEOUT_S})`,
    "  FILE.ipynb         relative to the folder you run npm in",
    "With PI_COMPANION_LISTINGS=DIR in the environment, the kernel runs your DIR/research-agent.ts and/or DIR/step.ts",
    "wherever a cell imports our listing, and the outputs are compared with ours (never stored).",
  ].join("\n"),
  options: { write: { type: "boolean", default: false }, timeout: { type: "string" } },
  positionals: true,
} as const;

interface Args {
  write: boolean;
  timeoutMs: number;
  files: string[];
}

function parseCommandLine(): Args {
  const { values, positionals } = commandLine(COMMAND);
  const seconds = values.timeout === undefined ? DEFAULT_TIMEOUT_S : Number(values.timeout);
  if (!(seconds > 0)) refuse(COMMAND, `--timeout ${values.timeout}: expected a number of seconds greater than 0`);
  // The stored outputs are the companion's code's; a reader's listings are compared with them, never stored.
  const readerDir = readerListingsDir();
  if (values.write && readerDir !== undefined) refuse(COMMAND, `--write stores our listings' outputs; unset ${LISTINGS_ENV} (now ${readerDir}) to store them`);
  // Named as the project's root sees them, like the default notebooks/*.ipynb.
  const files = positionals.map((file) => relative(process.cwd(), fromReader("notebooks", file)));
  return { write: values.write, timeoutMs: seconds * 1000, files };
}

function defaultNotebooks(): string[] {
  const dir = join(PROJECT_ROOT, "notebooks");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ipynb"))
    .sort()
    .map((name) => relative(process.cwd(), join(dir, name)));
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function indent(text: string): string {
  return text
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

function outputText(outputs: readonly Output[]): string {
  if (outputs.length === 0) return "(no output)";
  return outputs
    .map((output) => {
      switch (output.output_type) {
        case "stream":
          return joinText(output.text);
        case "error":
          return errorText(output);
        default: {
          const plain = output.data["text/plain"];
          return typeof plain === "string" || Array.isArray(plain) ? joinText(plain as string[]) : JSON.stringify(output.data);
        }
      }
    })
    .join("");
}

function report(failure: RunFailure, readerDir: string | undefined = readerListingsDir()): string {
  if (failure.kind === "bad-notebook") return failure.message;
  // With a reader's listings the stored outputs are ours: a difference is their code's, not something to store.
  const theirs = failure.kind === "drift" && readerDir !== undefined;
  const message = theirs
    ? `cell ${failure.cellIndex}: your listings (${readerDir}) gave other outputs than ours; ours and yours follow`
    : failure.message;
  const lines = [`FAIL ${failure.file}: ${failure.kind}: ${message}`];
  if (failure.cellIndex !== undefined) lines.push(`  source of cell ${failure.cellIndex}:`, indent(failure.source));
  if (failure.kind === "drift") {
    const [was, now] = theirs ? ["ours (stored)", "yours"] : ["stored output", "fresh output"];
    lines.push(`  ${was}:`, indent(outputText(failure.stored)), `  ${now}:`, indent(outputText(failure.fresh)));
  } else {
    if (failure.cellIndex !== undefined) lines.push("  output:", indent(outputText(failure.outputs)));
    if (failure.detail) lines.push("  kernel stderr:", indent(failure.detail));
  }
  return lines.join("\n");
}

async function main(): Promise<number> {
  const args = parseCommandLine();
  requirePinnedPi();
  const files = args.files.length > 0 ? args.files : defaultNotebooks();
  if (files.length === 0) {
    process.stderr.write("no notebooks in notebooks/; generate them first, or name the files to run\n");
    return 2;
  }
  // Refuse bad input before starting any kernel, so nothing is half-done.
  const bad = files.map((file) => readNotebook(file, KERNEL_NAME)).filter((nb): nb is BadNotebook => "kind" in nb);
  if (bad.length > 0) {
    for (const problem of bad) process.stderr.write(`${problem.message}\n`);
    return 2;
  }

  let failed = 0;
  for (const file of files) {
    process.stdout.write(`${file}\n`);
    const outcome = await runNotebookFile(file, {
      write: args.write,
      timeoutMs: args.timeoutMs,
      onKernelReady: (ms) => process.stdout.write(`  kernel ready      ${seconds(ms)}\n`),
      onCell: (cell, at) => process.stdout.write(`  cell ${String(cell.cellIndex).padEnd(4)} ${`${at.number}/${at.of}`.padEnd(6)} ${seconds(cell.ms)}\n`),
    });
    switch (outcome.kind) {
      case "passed":
        process.stdout.write(`  ok: outputs match the stored ones (${seconds(outcome.ms)})\n`);
        break;
      case "written":
        process.stdout.write(`  ok: wrote fresh outputs (${seconds(outcome.ms)})\n`);
        break;
      case "unchanged":
        process.stdout.write(`  ok: stored outputs already fresh (${seconds(outcome.ms)})\n`);
        break;
      default:
        failed++;
        process.stdout.write(`${report(outcome)}\n`);
    }
  }
  if (failed > 0) process.stdout.write(`${failed} of ${files.length} notebooks failed\n`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
