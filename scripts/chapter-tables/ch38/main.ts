import { commandLine } from "../../lib/cli.ts";
import { fitLines } from "../../../examples/support/output-width.ts";
import { PI_OPTION, PI_OPTION_HELP, runOnReleaseWhenAsked } from "../../matrix/pi-option.ts";
import { PACKAGE_NAMES, requirePinnedPi } from "../../toolchain/pin.ts";

// `npm run ch38`: chapter 38 run end to end against scripted models. Every line printed
// comes from a run; Pi is imported only after the pin check.

const { values } = commandLine({
  name: "ch38",
  usage: "usage: npm run ch38 [-- --pi VERSION]",
  details:
    "Runs chapter 38's step() end to end against scripted models and prints what each run did.\n" + PI_OPTION_HELP,
  options: PI_OPTION,
});
await runOnReleaseWhenAsked("ch38", import.meta.url, values.pi);
const install = requirePinnedPi();
const { blindSpotDemo, chainingDemo, parallelDemo, researchDemo, REPORT, CLAIM } =
  await import("../../../examples/ch38-typed-step/demonstrations/step-demos.ts");
const { runStepTable } = await import("../../../examples/ch38-typed-step/demonstrations/table-runs.ts");
const { describeOutcome } = await import("../../../examples/ch38-typed-step/support/measure.ts");

const out = (line = "") => process.stdout.write(`${fitLines(line)}\n`);
const json = (value: unknown) => JSON.stringify(value);
const requests = (n: number) => `${n} request${n === 1 ? "" : "s"}`;

out(
  `Chapter 38: a stochastic step is a typed function (${PACKAGE_NAMES.core} ${install.core}, scripted faux provider)`,
);

out("\nstep(): text in, a schema-valid value out, or StepFailed with its kind");
const runs = await runStepTable();
// One row per way a step can end: a value, or each kind of StepFailed.
const shown = new Set<string>();
for (const { row, run } of runs) {
  const ending = run.outcome.status === "failed" ? run.outcome.kind : run.outcome.status;
  if (ending === "thrown" || shown.has(ending)) continue;
  shown.add(ending);
  out(`  ${row.row.padEnd(54)} → ${describeOutcome(run.outcome)} (${requests(run.providerRequests)})`);
}
out("  (all rows: npm run recipe; the turn-bound bug side by side: npm run turn-limit)");

out("\nChaining: triage, then the next action from the serialised triage");
const chain = await chainingDemo();
out(`  report: "${REPORT}"`);
out(`  triage ${json(chain.triage)} → next ${json(chain.next)}`);
out(
  `  the second step's first request: ${chain.secondStepRoles.join(" + ")}, the user message "${chain.secondStepUserText}"`,
);
out(`  the report reached the second step: ${chain.reportReachedSecondStep ? "yes" : "no"} (no shared history)`);

out("\nTwo independent steps under Promise.all");
const parallel = await parallelDemo();
parallel.claims.forEach((claim, i) => out(`  "${claim}" → ${json(parallel.values[i])}`));
out(`  ${requests(parallel.providerRequests)} to one provider, each step with its own Agent`);

out("\nA research step: extraTools: [lookupEvidence(corpus)] from chapter 37");
const research = await researchDemo();
out(`  "${CLAIM}" → ${json(research.value)} after ${requests(research.providerRequests)}`);
out(
  `  citation check: ${research.problems.length === 0 ? "every citation is an evidence id" : json(research.problems)}`,
);
const blind = await blindSpotDemo();
out(`  its blind spot: ${json(blind.value)} cites "${blind.citedTexts[0] ?? ""}"`);
out(
  `  citation check: ${blind.problems.length === 0 ? "passes (a real item, cited for the wrong claim)" : json(blind.problems)}`,
);
