// A reader's folder outside the project at a name fixed for this checkout. `npm run listings`
// keeps a folder's strict type-check under the folder's path (compile-store.ts), so a test that
// writes the same files under the same name each run gets the kept answer (1.4 s) in place of a
// fresh compile (11 s of CPU at idle); under mkdtemp's random names every run compiled afresh,
// and each new entry pushed out a useful one. The checkout's hash keeps two checkouts on one
// machine (a worktree beside main) from writing each other's folders.
import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "./paths.ts";

/** `tmpdir()/PREFIX-<checkout>`, emptied and made afresh; the caller removes it when done. */
export function fixedTempDir(prefix: string): string {
  const checkout = createHash("sha256").update(PROJECT_ROOT).digest("hex").slice(0, 12);
  const dir = join(tmpdir(), `${prefix}-${checkout}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
