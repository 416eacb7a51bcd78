import { join, relative } from "node:path";
import { writeFilesAtomically } from "../matrix/atomic-write.ts";
import { buildSite } from "./build.ts";
import { ChapterBuildError } from "./errors.ts";
import { PROJECT_ROOT } from "./project.ts";

// `npm run site [-- --out DIR] [--ledger FILE]`: renders chapters/*.md to site/*.html.
function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (value === undefined || value.startsWith("--")) {
    process.stderr.write(`site: ${name} needs a value, e.g. npm run site -- ${name} ${name === "--out" ? "site" : "ledger.json"}\n`);
    process.exit(2);
  }
  return value;
}
const out = option("--out") ?? join(PROJECT_ROOT, "site");
const ledger = option("--ledger");

let files: Map<string, string>;
try {
  files = buildSite({ ledger });
} catch (error) {
  if (!(error instanceof ChapterBuildError)) throw error;
  process.stderr.write(`site: ${error.message}\n(nothing written)\n`);
  process.exit(1);
}
// Every page is built in memory first, then written whole: a failure leaves the old site.
writeFilesAtomically(Object.fromEntries([...files].map(([name, contents]) => [join(out, name), contents])));
for (const name of files.keys()) process.stdout.write(`wrote ${relative(process.cwd(), join(out, name))}\n`);
