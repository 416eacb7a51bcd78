import { commandLine } from "../../lib/cli.ts";
import { fitLines } from "../../../examples/support/output-width.ts";
import { PI_OPTION, PI_OPTION_HELP, runOnReleaseWhenAsked } from "../../matrix/pi-option.ts";
import { requirePinnedPi } from "../../toolchain/pin.ts";

// `npm run turn-limit [-- --json] [--pi VERSION]`: the three versions of step() side by side
// on the same scripted models, on the pin or (--pi) on a cached install of another release
// through its port. Pi is imported only after the pin check.

const { values } = commandLine({
  name: "turn-limit",
  usage: "usage: npm run turn-limit [-- --json] [--pi VERSION]",
  details:
    "Runs the three versions of step() side by side on the same scripted models and prints a table with its legend.\n" +
    "  --json        the rows as JSON instead of the table\n" +
    PI_OPTION_HELP,
  options: { json: { type: "boolean" }, ...PI_OPTION },
});
await runOnReleaseWhenAsked("turn-limit", import.meta.url, values.pi, values.json === true ? ["--json"] : []);
const pi = requirePinnedPi();
const { conclusion, formatTable, legend, measureTurnLimitTable } =
  await import("../../../examples/ch38-typed-step/demonstrations/turn-limit-table.ts");

const rows = await measureTurnLimitTable();
if (values.json === true) {
  process.stdout.write(
    JSON.stringify(
      {
        // What measured the rows: the pin, or with --pi the release this child runs on.
        pi: { core: pi.core, ai: pi.ai, typebox: pi.typebox },
        node: process.versions.node,
        rows: rows.map(
          ({
            variant,
            scenario,
            scriptedResponses,
            maxTurns,
            maxAttempts,
            providerRequests,
            streamFnCalls,
            turns,
            outcome,
          }) => ({
            variant,
            scenario,
            scriptedResponses,
            maxTurns,
            maxAttempts,
            providerRequests,
            streamFnCalls,
            turns,
            outcome,
          }),
        ),
      },
      null,
      2,
    ) + "\n",
  );
} else {
  process.stdout.write(`${fitLines(`${legend(rows)}\n\n${formatTable(rows)}\n\n${conclusion(rows)}`)}\n`);
}
