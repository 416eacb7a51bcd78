import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { fitLines } from "../../examples/support/output-width.ts";
import type { CounterexampleModule } from "../ledger/checks/counterexample-check.ts";
import { commandLine, refuse } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { requirePinnedPi } from "../toolchain/pin.ts";
import { counterexampleFiles } from "./files.ts";

// `npm run counterexample -- ID`: the counterexample of one claim, run as `npx tsx FILE` runs it.

const command = {
  name: "counterexample",
  usage: "usage: npm run counterexample -- ID  (or --list)",
  details:
    "Runs examples/chNN-*/counterexamples/ID.ts, the counterexample of claim ID, and prints the book's case beside the case it does not mention. --list prints every id that has one, with its file.",
  options: { list: { type: "boolean" } },
  positionals: true,
} as const;
const { values, positionals } = commandLine(command);
const files = counterexampleFiles();
if (values.list) {
  process.stdout.write(files.map((f) => `${f.id}  ${f.file}`).join("\n") + "\n");
  process.exit(0);
}
if (positionals.length !== 1)
  refuse(command, positionals.length === 0 ? "no claim id given" : "one claim id at a time");
const found = files.find((f) => f.id === positionals[0]);
if (found === undefined)
  refuse(command, `no counterexample for ${positionals[0]} (npm run counterexample -- --list names them)`);
requirePinnedPi();
const module = (await import(pathToFileURL(join(PROJECT_ROOT, found.file)).href)) as CounterexampleModule;
process.stdout.write(fitLines((await module.run()).printed) + "\n");
