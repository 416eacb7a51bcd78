import { existsSync, statSync } from "node:fs";
import { basename, dirname } from "node:path";
import fc from "fast-check";
import { checkInstall, isInstallProblem } from "../toolchain/pin.ts";
import { LISTINGS_ENV, readerFile, LISTING_NAMES, type ListingName } from "../toolchain/listing-source.ts";
import { shapeProblem } from "../listings/check-listings.ts";
import { compileReaderListingsKept } from "../listings/compile-store.ts";
import { lookupEvidence } from "../../examples/ch37-agent-core/research-agent.ts";
import { step } from "../../examples/ch38-typed-step/step.ts";
import { importReaderFile } from "../listings/load-reader-file.ts";
import { forReader, fromReader } from "../lib/reader-paths.ts";
import type { FuzzArgs, FuzzIo } from "./fuzz-command.ts";
import { parseConversation } from "./conversation-json.ts";
import { fitLines } from "../../examples/support/output-width.ts";
import { replayLines } from "./replay-file.ts";
import { conversationArb, conversationCode, type Conversation } from "./conversation-generator.ts";
import { lookupCaseArb, lookupDivergence, type LookupCase, type LookupFunction } from "./lookup-divergence.ts";
import { asOurs, divergenceOn, type ReaderStep } from "./step-divergence.ts";

/** One differential campaign: what it generates, how it compares, and how it prints a case. */
interface Differential<C> {
  arbitrary: fc.Arbitrary<C>;
  divergence: (c: C) => Promise<string | undefined>;
  show: (c: C) => string;
  parse: (json: string) => { ok: C } | { problem: string };
}

/** A differential with its case type forgotten, so the two kinds share one campaign. */
const erased = <C>(d: Differential<C>) => d as unknown as Differential<unknown>;

/** What the generated cases never try, so an agreement says nothing of them: `npm run listings` runs those tests. */
export const UNREACHED: Record<ListingName, string> = {
  step:
    "the configuration guards (maxAttempts or maxTurns not a positive integer, an extra tool named submit, " +
    "the reserved name) are not generated; npm run listings runs their tests",
  "research-agent": "makeResearchAgent is not generated (only lookupEvidence is); npm run listings runs its tests",
};

/** The reader's listings `--against` names: the file, or each listing the folder holds; or one line saying why not. */
export function targetsOf(path: string, shown: string): { dir: string; names: ListingName[] } | string {
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    return `--against ${shown}: no such file`;
  }
  if (folder) {
    const names = LISTING_NAMES.filter((name) => existsSync(readerFile(path, name)));
    return names.length > 0
      ? { dir: path, names }
      : `--against ${shown} holds neither research-agent.ts nor step.ts; name the files as the book's listings`;
  }
  const name = LISTING_NAMES.find((n) => basename(path) === `${n}.ts`);
  if (name === undefined)
    return `--against ${shown}: expected a file named step.ts or research-agent.ts (the book's listings), or their folder`;
  return { dir: dirname(path), names: [name] };
}

/**
 * The reader's listings checked as `npm run listings` checks them, before any runs: a strict
 * type-check against the pin (each diagnostic at file:line), the book's exports, the shapes
 * its callers rely on. Problem lines, or none.
 */
async function readerProblems(dir: string, names: readonly ListingName[]): Promise<string[]> {
  const install = checkInstall();
  if (isInstallProblem(install)) return [install.message];
  // The type-check reads the reader's text in place of ours, as a run with their folder does.
  process.env[LISTINGS_ENV] = dir;
  const compiled = await compileReaderListingsKept(install, names);
  if (compiled.problem !== undefined) return compiled.problem.lines;
  const problems: string[] = [];
  for (const name of names) {
    const file = readerFile(dir, name);
    const problem = await shapeProblem({ name, file }, await importReaderFile<Record<string, unknown>>(file));
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

/** The differential for the reader's listing `name` (checked already), loaded from `file`. */
async function differentialFor(file: string, name: ListingName): Promise<Differential<unknown>> {
  if (name === "step") {
    const theirs = await importReaderFile<ReaderStep>(file);
    const adapted = asOurs(theirs);
    return erased<Conversation>({
      arbitrary: conversationArb,
      divergence: (c) => divergenceOn(step, adapted, c),
      show: (c) => conversationCode(c, "step"),
      parse: (json) => {
        const c = parseConversation(json);
        return "kind" in c ? { problem: c.message } : { ok: c };
      },
    });
  }
  {
    const theirs = await importReaderFile<{ lookupEvidence: LookupFunction }>(file);
    return erased<LookupCase>({
      arbitrary: lookupCaseArb,
      divergence: (c) => lookupDivergence(lookupEvidence, theirs.lookupEvidence, c),
      show: (c) =>
        `await lookupEvidence(${JSON.stringify(c.corpus)}).execute("id", { query: ${JSON.stringify(c.query)} });`,
      parse: (json) => {
        try {
          const c = JSON.parse(json) as Partial<LookupCase>;
          if (typeof c.query === "string" && typeof c.corpus === "object" && c.corpus !== null)
            return { ok: c as LookupCase };
        } catch {
          // not JSON: the same answer as JSON of another shape
        }
        return { problem: "--replay: expected {corpus, query} as a failing campaign printed it" };
      },
    });
  }
}

/**
 * `npm run fuzz -- --against FILE|DIR`: the reader's listings checked as `npm run listings`
 * checks them, then ours and theirs on the same generated cases, one campaign per listing;
 * the first divergence, shrunk, with the commands that replay it. 0 none, 1 one, 2 bad input.
 */
export async function runAgainst(
  args: FuzzArgs & { against: string },
  io: FuzzIo,
  seedOf: () => number,
): Promise<number> {
  const path = fromReader("fuzz", args.against);
  const targets = targetsOf(path, forReader("fuzz", path));
  if (typeof targets === "string") {
    io.err(`fuzz: ${targets}\n`);
    return 2;
  }
  if (args.mode === "replay" && targets.names.length > 1) {
    io.err(
      `fuzz: --replay runs one listing; name it: --against ${forReader("fuzz", readerFile(targets.dir, "step"))}\n`,
    );
    return 2;
  }
  const problems = await readerProblems(targets.dir, targets.names);
  if (problems.length > 0) {
    for (const line of problems) io.err(`fuzz: ${line}\n`);
    return 2;
  }
  let status = 0;
  for (const name of targets.names) {
    const file = readerFile(targets.dir, name);
    const differential = await differentialFor(file, name);
    const shown = forReader("fuzz", file);
    const one =
      args.mode === "replay"
        ? await replayOne(differential, args.json, io)
        : await campaign(differential, shown, name, args, io, seedOf);
    status = Math.max(status, one);
  }
  return status;
}

async function replayOne(differential: Differential<unknown>, json: string, io: FuzzIo): Promise<number> {
  const parsed = differential.parse(json);
  if ("problem" in parsed) {
    io.err(`fuzz: ${parsed.problem}\n`);
    return 2;
  }
  const c = parsed.ok;
  const found = await differential.divergence(c);
  io.out(
    `${fitLines(`${differential.show(c)}\n${found === undefined ? "ours and theirs agree" : `divergence: ${found}`}`)}\n`,
  );
  return found === undefined ? 0 : 1;
}

async function campaign(
  differential: Differential<unknown>,
  shown: string,
  name: ListingName,
  args: Extract<FuzzArgs, { mode: "campaign" }>,
  io: FuzzIo,
  seedOf: () => number,
): Promise<number> {
  const seed = args.seed ?? seedOf();
  io.err(`fuzz: ours against ${shown}, ${args.runs} cases, seed ${seed}\n`);
  const started = performance.now();
  const details = await fc.check(
    fc.asyncProperty(differential.arbitrary, async (c) => {
      const found = await differential.divergence(c);
      if (found !== undefined) throw new Error(found);
    }),
    { seed, numRuns: args.runs, ...(args.path === undefined ? {} : { path: args.path }) },
  );
  const elapsed = ((performance.now() - started) / 1000).toFixed(1);
  if (!details.failed) {
    io.out(
      fitLines(
        `fuzz: ours and ${shown} agree on ${details.numRuns} cases (seed ${seed}, ${elapsed} s); not reached: ${UNREACHED[name]}`,
      ) + "\n",
    );
    return 0;
  }
  if (details.counterexample === null) {
    io.out(
      `${fitLines(`fuzz: stopped without a counterexample after ${details.numRuns} cases (seed ${seed}): ${String(details.errorInstance)}`)}\n`,
    );
    return 1;
  }
  const [c] = details.counterexample;
  io.out(
    [
      fitLines(
        `fuzz: ours and ${shown} diverge after ${details.numRuns} cases, shrunk ${details.numShrinks} times (seed ${seed}, ${elapsed} s):`,
      ),
      fitLines(differential.show(c)),
      fitLines(`divergence: ${await differential.divergence(c)}`),
      ...replayLines(["--against", shown], seed, details.counterexamplePath ?? "", `against-${name}`, c),
      "",
    ].join("\n"),
  );
  return 1;
}
