import { existsSync } from "node:fs";
import { basename } from "node:path";
import fc from "fast-check";
import { lookupEvidence } from "../../examples/ch37-agent-core/research-agent.ts";
import { step } from "../../examples/ch38-typed-step/step.ts";
import { importReaderFile } from "../listings/load-reader-file.ts";
import { forReader, fromReader } from "../lib/reader-paths.ts";
import type { FuzzArgs, FuzzIo } from "./fuzz-command.ts";
import { parseConversation } from "./conversation-json.ts";
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

/** The differential for the reader's file, or one line saying why it cannot run. */
async function differentialFor(file: string, shown: string): Promise<Differential<unknown> | string> {
  if (!existsSync(file)) return `--against ${shown}: no such file`;
  const name = basename(file);
  if (name === "step.ts") {
    const theirs = await importReaderFile<Partial<ReaderStep>>(file);
    if (typeof theirs.step !== "function" || typeof theirs.StepFailed !== "function")
      return `--against ${shown}: does not export step and StepFailed`;
    const adapted = asOurs(theirs as ReaderStep);
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
  if (name === "research-agent.ts") {
    const theirs = await importReaderFile<{ lookupEvidence?: LookupFunction }>(file);
    if (typeof theirs.lookupEvidence !== "function") return `--against ${shown}: does not export lookupEvidence`;
    return erased<LookupCase>({
      arbitrary: lookupCaseArb,
      divergence: (c) => lookupDivergence(lookupEvidence, theirs.lookupEvidence!, c),
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
  return `--against ${shown}: expected a file named step.ts or research-agent.ts (the book's listings)`;
}

/**
 * `npm run fuzz -- --against FILE`: ours and the reader's on the same generated cases; the
 * first divergence, shrunk, with the commands that replay it. 0 none, 1 one, 2 bad input.
 */
export async function runAgainst(
  args: FuzzArgs & { against: string },
  io: FuzzIo,
  seedOf: () => number,
): Promise<number> {
  const file = fromReader("fuzz", args.against);
  const shown = forReader("fuzz", file);
  const differential = await differentialFor(file, shown);
  if (typeof differential === "string") {
    io.err(`fuzz: ${differential}\n`);
    return 2;
  }
  if (args.mode === "replay") {
    const parsed = differential.parse(args.json);
    if ("problem" in parsed) {
      io.err(`fuzz: ${parsed.problem}\n`);
      return 2;
    }
    const c = parsed.ok;
    const found = await differential.divergence(c);
    io.out(`${differential.show(c)}\n${found === undefined ? "ours and theirs agree" : `divergence: ${found}`}\n`);
    return found === undefined ? 0 : 1;
  }
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
    io.out(`fuzz: ours and ${shown} agree on ${details.numRuns} cases (seed ${seed}, ${elapsed} s)\n`);
    return 0;
  }
  if (details.counterexample === null) {
    io.out(
      `fuzz: stopped without a counterexample after ${details.numRuns} cases (seed ${seed}): ${String(details.errorInstance)}\n`,
    );
    return 1;
  }
  const [c] = details.counterexample;
  io.out(
    [
      `fuzz: ours and ${shown} diverge after ${details.numRuns} cases, shrunk ${details.numShrinks} times (seed ${seed}, ${elapsed} s):`,
      differential.show(c),
      `divergence: ${await differential.divergence(c)}`,
      `replay: npm run fuzz -- --against ${shown} --seed ${seed} --path ${details.counterexamplePath ?? ""} --runs 1`,
      `replay: npm run fuzz -- --against ${shown} --replay '${JSON.stringify(c)}'`,
      "",
    ].join("\n"),
  );
  return 1;
}
