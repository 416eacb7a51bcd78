// npm's postinstall for this project: makes `npx tsc` (node_modules/.bin/tsc and tsserver) the
// pinned TypeScript. Three installed packages ship a `tsc` bin, typescript, tslab's own copy
// (@tslab/typescript-for-tslab 5.0.4) and typescript-7 (TypeScript 7, which one counterexample
// runs by its path), and npm links a contested bin to whichever it likes, `@tslab/…` once;
// under 5.0.4 the book's step.ts has errors the pin does not, so a reader's `npx tsc -p .`
// would disagree with `npm run listings`. tslab loads its copy by
// require, never through .bin, so the kernel keeps the TypeScript it needs. Plain Node: it runs
// before anything is known to work.
//   node scripts/toolchain/link-tsc.mjs [PROJECT_ROOT]
import { existsSync, lstatSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = process.argv[2] ?? fileURLToPath(new URL("../..", import.meta.url));
const bin = join(root, "node_modules", ".bin");

if (process.platform === "win32") {
  // npm writes .cmd shims there, not links: say what to type instead of guessing at shim formats.
  console.log("link-tsc: on Windows, run the pinned TypeScript as `npx -p typescript tsc`");
} else if (!existsSync(join(root, "node_modules", "typescript", "bin", "tsc"))) {
  console.log("link-tsc: typescript is not installed; node_modules/.bin/tsc is left as npm made it");
} else {
  for (const name of ["tsc", "tsserver"]) {
    const link = join(bin, name);
    // lstat, not exists: a link to a missing package is still in the way.
    if (lstatSync(link, { throwIfNoEntry: false }) !== undefined) rmSync(link);
    symlinkSync(join("..", "typescript", "bin", name), link);
  }
}
