// Prints, as JSON, where this process resolves Pi. The matrix runs it under the release
// hook before a column's ledger: the 1.0.3 column has the pin's version numbers, so only
// the directories show that the hook, not the project's node_modules, answered.
import { readInstalledPi } from "../toolchain/pin.ts";

process.stdout.write(JSON.stringify(readInstalledPi()) + "\n");
