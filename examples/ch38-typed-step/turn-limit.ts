import { requirePinnedPi } from "../support/pin.ts";

// `npm run turn-limit [-- --json]`: the three versions of step() side by side on the same
// scripted models. Pi is imported only after the pin check.

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--json");
if (unknown.length > 0) {
  process.stderr.write(`turn-limit: unknown argument ${unknown[0]}; use --json or nothing\n`);
  process.exit(2);
}
requirePinnedPi();
const { LEGEND, conclusion, formatTable, measureTurnLimitTable } = await import("./turn-limit-table.ts");

const rows = await measureTurnLimitTable();
if (args.includes("--json")) {
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
  process.stdout.write(`${LEGEND}\n\n${formatTable(rows)}\n\n${conclusion(rows)}\n`);
}
