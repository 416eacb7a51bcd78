import { loadavg } from "node:os";
import { join } from "node:path";
import type { InstalledPi } from "../toolchain/pin.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { measurementEnvironment } from "../lib/environment.ts";
import { APPENDIX_PATH, renderAppendixC, type BenchEnvironment } from "./appendix-c-benchmarks.ts";
import { SECTION_NAMES, type BenchArgs, type SectionName } from "./bench-command.ts";
import { measureCounterexamples } from "./counterexample-time.ts";
import { measureLedger } from "./ledger-time.ts";
import { measureLookupGrowth } from "./lookup-growth.ts";
import { measureNotebooks } from "./notebook-overhead.ts";
import { measurePeerKernel } from "./peer-kernel.ts";
import type { BenchSection } from "./section.ts";
import { measureStepOverhead } from "./step-overhead.ts";
import { measureSuite } from "./suite-time.ts";

/** Where the benchmark writes: the summary on `out`, progress and problems on `err`. */
export interface BenchIo {
  out(text: string): void;
  err(text: string): void;
}

/**
 * Runs the benchmark and writes appendix C whole, or not at all (a run of some sections
 * only prints its figures). Returns the exit status: 0 once done.
 */
export async function runBench(args: BenchArgs, install: InstalledPi, root: string, io: BenchIo): Promise<number> {
  const loadAtStart = loadavg()[0] ?? 0;
  const progress = (line: string) => io.err(`bench: ${line}\n`);
  const run: Record<SectionName, () => Promise<BenchSection>> = {
    step: () => measureStepOverhead(args.reps, progress),
    lookup: () => measureLookupGrowth(args.reps, progress),
    ledger: () => measureLedger(root, args.processReps, progress, args.ledgerBase),
    notebooks: () => measureNotebooks(root, args.processReps, progress),
    kernels: () => measurePeerKernel(root, args.processReps, progress),
    suite: () => measureSuite(root, args.processReps, progress),
    counterexamples: () => measureCounterexamples(root, args.processReps, progress),
  };
  const sections: BenchSection[] = [];
  for (const name of args.only) sections.push(await run[name]());

  const { load, ...measured } = measurementEnvironment(root);
  const environment: BenchEnvironment = {
    ...measured,
    pi: { core: install.core, ai: install.ai, typebox: install.typebox },
    load: { start: loadAtStart, end: load },
  };
  const appendix = renderAppendixC(environment, sections);
  for (const s of sections) {
    if (s.kind === "measured") for (const finding of s.findings) io.out(`${finding}\n`);
    else io.out(`${s.title}: not measured (${s.reason})\n`);
  }
  // A partial run must not replace a whole appendix with part of one.
  if (args.only.length < SECTION_NAMES.length) {
    io.out(`\n${appendix}\n(--only: ${APPENDIX_PATH} left as it was)\n`);
    return 0;
  }
  writeFilesAtomically({ [join(root, APPENDIX_PATH)]: appendix });
  io.out(`wrote ${APPENDIX_PATH}\n`);
  return 0;
}
