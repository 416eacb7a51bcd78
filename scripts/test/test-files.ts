import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import { ROLE_FOLDERS, SOURCE_DIRS } from "../lib/layout.ts";

/**
 * The suite `npm run test:unit` runs: every `*.test.ts` under examples/ and scripts/,
 * fixtures excluded, sorted, as paths relative to `root`.
 */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of SOURCE_DIRS) {
    for (const entry of readdirSync(join(root, top), { recursive: true, encoding: "utf8" })) {
      const path = join(top, entry);
      if (path.endsWith(".test.ts") && !path.split(sep).includes(ROLE_FOLDERS.fixture)) files.push(path);
    }
  }
  return files.sort();
}
