// A test's own folder in the system's temporary directory, removed once the test that made it
// has run: eight test files made folders with mkdtemp and never removed them, so every
// `npm test` left about twenty of them in a reader's /tmp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";

/**
 * A fresh `tmpdir()/PREFIX-XXXXXX`, removed after the test whose body made it (after the
 * file's tests when made at a file's top level).
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
