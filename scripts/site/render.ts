import { join, relative } from "node:path";
import { writeFilesAtomically } from "../matrix/atomic-write.ts";
import { buildSite } from "./build.ts";
import { ChapterBuildError } from "./errors.ts";
import { PROJECT_ROOT } from "./project.ts";

// `npm run site [-- --out DIR]`: renders chapters/*.md to site/*.html.
const outAt = process.argv.indexOf("--out");
const out = outAt >= 0 && process.argv[outAt + 1] ? process.argv[outAt + 1]! : join(PROJECT_ROOT, "site");

let files: Map<string, string>;
try {
  files = buildSite();
} catch (error) {
  if (!(error instanceof ChapterBuildError)) throw error;
  process.stderr.write(`site: ${error.message}\n(nothing written)\n`);
  process.exit(1);
}
// Every page is built in memory first, then written whole: a failure leaves the old site.
writeFilesAtomically(Object.fromEntries([...files].map(([name, contents]) => [join(out, name), contents])));
for (const name of files.keys()) process.stdout.write(`wrote ${relative(process.cwd(), join(out, name))}\n`);
