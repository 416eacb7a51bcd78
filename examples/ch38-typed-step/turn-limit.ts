import { commandLine } from "../../scripts/lib/cli.ts";
import { requirePinnedPi } from "../support/pin.ts";

// `npm run turn-limit [-- --json]`: the three versions of step() side by side on the same
// scripted models. Pi is imported only after the pin check.

const { values } = commandLine({
  name: "turn-limit",
  usage: "usage: npm run turn-limit [-- --json]",
  details: "Runs the three versions of step() side by side on the same scripted models and prints a table with its legend.\n  --json  the rows as JSON instead of the table",
  options: { json: { type: "boolean" } },
});
requirePinnedPi();
const { conclusion, formatTable, legend, measureTurnLimitTable } = await import("./turn-limit-table.ts");

const rows = await measureTurnLimitTable();
if (values.json === true) {
  process.stdout.write(
    JSON.stringify(
      rows.map(({ variant, scenario, scriptedResponses, maxTurns, maxAttempts, providerRequests, streamFnCalls, turns, outcome }) => ({
        variant,
        scenario,
        scriptedResponses,
        maxTurns,
        maxAttempts,
        providerRequests,
        streamFnCalls,
        turns,
        outcome,
      })),
      null,
      2,
    ) + "\n",
  );
} else {
  process.stdout.write(`${legend(rows)}\n\n${formatTable(rows)}\n\n${conclusion(rows)}\n`);
}
