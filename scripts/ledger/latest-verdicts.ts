import { join } from "node:path";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Where a full run at the pin leaves its verdicts for the reading view's badges (gitignored). */
export const LATEST_VERDICTS = join(PROJECT_ROOT, ".cache", "ledger.json");

/** Writes the ledger's JSON atomically, so the site never reads half a file. */
export function writeLatestVerdicts(json: unknown, path: string = LATEST_VERDICTS): void {
  writeFileAtomically(path, `${JSON.stringify(json, null, 2)}\n`);
}
