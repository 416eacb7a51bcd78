import { commandLine } from "../../lib/cli.ts";
import { fitLines } from "../../../examples/support/output-width.ts";
import { PACKAGE_NAMES, requirePinnedPi } from "../../toolchain/pin.ts";

// `npm run recipe`: a schema-valid value from a bounded model loop, the recipe's
// expected-outcome table from an actual run. Pi is imported only after the pin check.

commandLine({
  name: "recipe",
  usage: "usage: npm run recipe",
  details:
    "Runs every row of the recipe's expected-outcome table through step() and prints what each did; exit 1 if a row no longer behaves as its test pins it.",
  options: {},
});
const install = requirePinnedPi();
const { runStepTable } = await import("../../../examples/ch38-typed-step/demonstrations/table-runs.ts");
const { RECIPE_LIMITS, formatRecipeTable } =
  await import("../../../examples/ch38-typed-step/demonstrations/recipe-table.ts");

const runs = await runStepTable();
process.stdout.write(
  fitLines(
    `step() against ${PACKAGE_NAMES.core} ${install.core}, scripted faux provider\n\n` +
      `${formatRecipeTable(runs)}\n\n` +
      RECIPE_LIMITS.map((limit) => `- ${limit}`).join("\n"),
  ) + "\n",
);
// A row that no longer behaves as the tests pin it is a failed run, not just a line of output.
if (runs.some((r) => !r.agrees)) process.exitCode = 1;
