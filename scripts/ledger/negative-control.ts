import type { Check } from "./check.ts";
import { coreRuntimeDependencyCount } from "./checks/layering.ts";

/**
 * A deliberately false claim run through the same code as ch37.deps.two-runtime-deps:
 * "the core declares three runtime dependencies". It must always come out `fails`; if it
 * ever holds, the dependency check has stopped measuring. It is not a catalogue claim and
 * stays out of the ledger's counts.
 */
export const negativeControl: Check & { claim: string } = {
  ...coreRuntimeDependencyCount("negative-control.core-three-runtime-deps", 3),
  claim: "the core declares three runtime dependencies (deliberately false)",
};

/** What the negative control's line means, in one sentence, for a reader who meets it at the end of the run. */
export const NEGATIVE_CONTROL_MEANING =
  "It is a false claim put through the same check as ch37.deps.two-runtime-deps: were it to hold, that check would have stopped measuring, and every verdict above would be in doubt.";
