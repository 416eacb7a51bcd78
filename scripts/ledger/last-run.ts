import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** The last full run at the pin, `.cache/ledger.json` (gitignored): the site reads its evidence beside the committed verdicts. */
export const LAST_RUN_JSON = join(PROJECT_ROOT, ".cache", "ledger.json");

/** Writes the ledger's JSON atomically, so the site never reads half a file. */
export function writeLastRunJson(json: unknown, path: string = LAST_RUN_JSON): void {
  writeFileAtomically(path, `${JSON.stringify(json, null, 2)}\n`);
}
