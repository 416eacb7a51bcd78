import type * as Step from "../../../../examples/ch38-typed-step/step.ts";
import { compileFiles, compileLater } from "../../../toolchain/compile.ts";
import { PACKAGE_NAMES } from "../../../toolchain/pin.ts";
import { verdictOf, type Check, type CheckResult } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { installedPi } from "../../static/installed.ts";
import { facts, firstDiagnostic } from "../evidence.ts";
import { outcomeOf, rowRun, stepHarness, tableRuns } from "./step-runs.ts";

// Guide 38, "The shape of step()": the listing, its defaults, its failure kinds and its guards.
const listing = listingsOf(import.meta.url);

const STEP_LISTING = ["step.ts", "earlier-versions.ts"].map((f) => `examples/ch38-typed-step/${f}`);
compileLater(STEP_LISTING);

const KINDS: readonly Step.StepFailure[] = ["provider", "invalid-submissions", "turn-limit", "no-submit"];

/** The claims of "The shape of step()" that run code, and the book's promise of two outcomes. */
export const shapeChecks: Check[] = [
  {
    id: "ch38.code.listing-compiles",
    asksTypeChecker: true,
    async run(): Promise<CheckResult> {
      const { core, dirs } = installedPi();
      const diagnostics = compileFiles(STEP_LISTING, dirs);
      return verdictOf(
        diagnostics.length === 0,
        `${STEP_LISTING.map((f) => f.split("/").at(-1)).join(", ")} against ${PACKAGE_NAMES.core} ${core} declarations: ` +
          `${diagnostics.length} diagnostics` +
          firstDiagnostic(diagnostics),
      );
    },
  },
  {
    id: "ch38.defaults",
    async run() {
      const h = await stepHarness();
      const attempts = await rowRun("same invalid value repeated until invalid-submissions");
      const turns = await rowRun("a model that never submits");
      const measuredAttempts = h.failedSubmits(attempts.run);
      const measuredTurns = turns.run.providerRequests;
      return verdictOf(
        measuredAttempts === 3 &&
          measuredTurns === 10 &&
          outcomeOf(h, attempts.run) === "invalid-submissions" &&
          outcomeOf(h, turns.run) === "turn-limit",
        facts(
          `no options given: ${measuredAttempts} failed submits ended the run (${outcomeOf(h, attempts.run)}, ${attempts.row.script().length} scripted)`,
          `a never-submitting model stopped after ${measuredTurns} requests (${outcomeOf(h, turns.run)}, ${turns.row.script().length} scripted)`,
        ),
      );
    },
  },
  {
    id: "ch38.kinds.reachable",
    async run() {
      const runs = await tableRuns();
      const reached = new Map<string, string>();
      for (const { row, run } of runs) {
        if (run.outcome.status === "failed" && !reached.has(run.outcome.kind)) reached.set(run.outcome.kind, row.row);
      }
      const unknown = [...reached.keys()].filter((kind) => !KINDS.includes(kind as Step.StepFailure));
      return verdictOf(
        KINDS.every((kind) => reached.has(kind)) && unknown.length === 0,
        facts(
          ...KINDS.map((kind) => `${kind} ← ${reached.has(kind) ? `"${reached.get(kind)}"` : "not reached"}`),
          unknown.length > 0 && `other kinds seen: ${unknown.join(", ")}`,
        ),
      );
    },
  },
  {
    id: "ch38.config-guards",
    async run() {
      const h = await stepHarness();
      const runs = (await tableRuns()).filter((r) => r.row.claim === "ch38.config-guards");
      const unwrapped = runs.every((r) => r.run.outcome.status === "thrown");
      return verdictOf(
        runs.length > 0 && unwrapped && runs.every((r) => r.agrees),
        facts(
          ...runs.map(
            (r) =>
              `"${r.row.row}": ${h.describeOutcome(r.run.outcome)} (not StepFailed: ${r.run.outcome.status === "thrown"}), ${r.run.providerRequests} requests`,
          ),
        ),
      );
    },
  },
  counterexampleCheck(
    "recipe.no-third-outcome",
    listing(() => import("../../../../examples/ch38-typed-step/counterexamples/recipe.no-third-outcome.ts")),
  ),
];
