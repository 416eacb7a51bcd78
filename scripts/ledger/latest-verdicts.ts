import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PROJECT_ROOT } from "../lib/paths.ts";

/** Where a full run at the pin leaves its verdicts for the reading view's badges (gitignored). */
export const LATEST_VERDICTS = join(PROJECT_ROOT, ".cache", "ledger.json");

/** Writes the ledger's JSON atomically, so the site never reads half a file. */
export function writeLatestVerdicts(json: unknown, path: string = LATEST_VERDICTS): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(json, null, 2)}\n`);
  renameSync(temp, path);
}
