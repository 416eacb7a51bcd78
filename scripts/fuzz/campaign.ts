import fc from "fast-check";
import { predictStep } from "./classification-oracle.ts";
import { conversationArb, conversationCode } from "./conversation-generator.ts";
import { parseConversation } from "./conversation-json.ts";
import { stepWithoutTurnBound, stepWithUnfixedGuard } from "../../examples/ch38-typed-step/earlier-versions.ts";
import { describeOutcome, failedSubmits, type StepFunction } from "../../examples/ch38-typed-step/support/measure.ts";
import { step } from "../../examples/ch38-typed-step/step.ts";
import { assertStepInvariants, runConversation, violations } from "./step-invariants.ts";
import type { FuzzArgs, FuzzIo, StepVersionName } from "./fuzz-command.ts";
import { fitLines } from "../../examples/support/output-width.ts";
import { replayLines } from "./replay-file.ts";

const VERSIONS: Record<StepVersionName, { fn: StepFunction; name: string }> = {
  fixed: { fn: step, name: "step" },
  unfixed: { fn: stepWithUnfixedGuard, name: "stepWithUnfixedGuard" },
  "no-bound": { fn: stepWithoutTurnBound, name: "stepWithoutTurnBound" },
};

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

/** Runs the fuzzer as `args` ask; returns the exit status (0 clean, 1 counterexample, 2 bad input). */
export async function runFuzz(args: FuzzArgs, io: FuzzIo): Promise<number> {
  if (args.against !== undefined) {
    const { runAgainst } = await import("./against.ts");
    return runAgainst({ ...args, against: args.against }, io, randomSeed);
  }
  const version = VERSIONS[args.version];

  if (args.mode === "replay") {
    const conversation = parseConversation(args.json);
    if ("kind" in conversation) {
      io.err(`fuzz: ${conversation.message}\n`);
      return 2;
    }
    const run = await runConversation(version.fn, conversation);
    const expected = predictStep(conversation);
    const broken = violations(conversation, run);
    io.out(`${fitLines(conversationCode(conversation, version.name))}\n`);
    io.out(
      `measured: ${describeOutcome(run.outcome)}, ${run.providerRequests} provider requests, ${failedSubmits(run)} failed submits\n`,
    );
    const want = expected.outcome.status === "value" ? JSON.stringify(expected.outcome.value) : expected.outcome.kind;
    io.out(
      `expected: ${want}, ${expected.providerRequests} provider requests, ${expected.failedSubmits} failed submits\n`,
    );
    for (const v of broken) io.out(`broken: ${v.invariant}: ${v.detail}\n`);
    if (broken.length === 0) io.out("every invariant holds\n");
    return broken.length === 0 ? 0 : 1;
  }

  const seed = args.seed ?? randomSeed();
  io.err(
    `fuzz: ${version.name}, ${args.runs} conversations, seed ${seed}${args.path === undefined ? "" : `, path ${args.path}`}\n`,
  );
  const started = performance.now();
  const endings = new Map<string, number>();
  let checked = 0;
  let lastReport = started;
  const progress = (force = false): void => {
    const now = performance.now();
    // A terminal line is rewritten in place; a log gets a line every ten seconds.
    if (!force && now - lastReport < (io.errIsTty ? 1_000 : 10_000)) return;
    lastReport = now;
    const rate = checked / ((now - started) / 1000);
    const line = `  ${checked} checked, ${rate.toFixed(0)}/s`;
    io.err(io.errIsTty ? `\r${line}` : `${line}\n`);
  };
  const details = await fc.check(
    fc.asyncProperty(conversationArb, async (conversation) => {
      const expected = predictStep(conversation);
      const ending = expected.outcome.status === "value" ? "value" : expected.outcome.kind;
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
      await assertStepInvariants(version.fn, conversation);
      checked++;
      progress();
    }),
    { seed, numRuns: args.runs, ...(args.path === undefined ? {} : { path: args.path }) },
  );
  progress(true);
  if (io.errIsTty) io.err("\n");
  const elapsed = ((performance.now() - started) / 1000).toFixed(1);

  if (!details.failed) {
    const counts = [...endings]
      .sort()
      .map(([ending, n]) => `${ending} ${n}`)
      .join(", ");
    io.out(
      `${fitLines(`fuzz: no counterexample in ${details.numRuns} conversations (seed ${seed}, ${elapsed} s); endings: ${counts}`)}\n`,
    );
    return 0;
  }
  if (details.counterexample === null) {
    io.out(
      `${fitLines(`fuzz: stopped without a counterexample after ${details.numRuns} conversations (seed ${seed}): ${String(details.errorInstance)}`)}\n`,
    );
    return 1;
  }
  const [conversation] = details.counterexample;
  const broken = violations(conversation, await runConversation(version.fn, conversation));
  io.out(
    [
      `fuzz: counterexample after ${details.numRuns} conversations, shrunk ${details.numShrinks} times (seed ${seed}, ${elapsed} s):`,
      fitLines(conversationCode(conversation, version.name)),
      ...broken.map((v) => fitLines(`broken: ${v.invariant}: ${v.detail}`)),
      ...replayLines(["--version", args.version], seed, details.counterexamplePath ?? "", args.version, conversation),
      "",
    ].join("\n"),
  );
  return 1;
}
