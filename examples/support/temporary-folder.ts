import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Folders in use now. One exit hook for all of them: a hook each would pass Node's limit of
// ten listeners, whose warning fails a test run, when many run side by side.
const inUse = new Set<string>();
let hooked = false;

function remove(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  inUse.delete(folder);
}

/**
 * Runs `work` in a fresh folder under `parent` (the system's temporary folder by default) and
 * removes the folder afterwards, whether `work` returns or throws. Also when the process
 * exits while `work` still runs: `npm run ch37 | head -1` exits at its next write, with no
 * `finally` left to run, and each such run left a folder in /tmp. A process killed by a
 * signal runs no hook at all.
 */
export async function inTemporaryFolder<T>(
  prefix: string,
  work: (folder: string) => Promise<T> | T,
  parent: string = tmpdir(),
): Promise<T> {
  if (!hooked) {
    process.once("exit", () => [...inUse].forEach(remove));
    hooked = true;
  }
  const folder = mkdtempSync(join(parent, prefix));
  inUse.add(folder);
  try {
    return await work(folder);
  } finally {
    remove(folder);
  }
}
