import type { CounterexampleRun } from "../../../examples/support/counterexample.ts";
import { qualified, verdictOf, type Check } from "../check.ts";

// A claim decided by its counterexample (examples/chNN-*/counterexamples/<id>.ts): the ledger
// runs the file a reader runs and judges from what it printed, so the two cannot drift apart.

/** A counterexample module: its `run` measures both cases and returns what it printed. */
export interface CounterexampleModule {
  run(): Promise<CounterexampleRun>;
}

/** The verdict `run` gives its claim, with the evidence it measured. */
export function judgeCounterexample({ bookCase, otherCase, file }: CounterexampleRun) {
  if (!bookCase.bookIsRight)
    return verdictOf(false, `the book's own case: ${bookCase.measured}; beside it: ${otherCase.measured} (${file})`);
  // A release that makes the other case agree with the book: the sentence holds there.
  if (otherCase.bookIsRight)
    return verdictOf(
      true,
      `${bookCase.measured}; and the case the book does not mention agrees: ${otherCase.measured} (${file})`,
    );
  return qualified(bookCase.measured, `${otherCase.measured} (${file})`);
}

/**
 * The check of `id`, decided by the counterexample that `load` imports (a loader of
 * load-listing.ts, so a release that cannot load it is a loader error, never a verdict).
 */
export function counterexampleCheck(id: string, load: () => Promise<CounterexampleModule>): Check {
  return {
    id,
    async run() {
      const measured = await (await load()).run();
      if (measured.id !== id) throw new Error(`${measured.file} is the counterexample of ${measured.id}, not of ${id}`);
      return judgeCounterexample(measured);
    },
  };
}
