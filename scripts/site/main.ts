import { join } from "node:path";
import { requirePinnedPi } from "../toolchain/pin.ts";
import { commandLine } from "../lib/cli.ts";
import { forReader, fromReader } from "../lib/reader-paths.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { ChapterBuildError } from "../chapters/errors.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";

// `npm run site [-- --out DIR] [--ledger FILE]`: renders chapters/*.md to site/*.html.
const { values } = commandLine({
  name: "site",
  usage: "usage: npm run site [-- --out DIR] [--ledger FILE]",
  details: [
    "Renders chapters/*.md to HTML pages, each listing included and each claim shown with its verdict.",
    "  --out DIR      where to write the pages (default: site/ in the project)",
    "  --ledger FILE  show the verdicts of this `npm -s start -- --json` output over the stored ones",
    "Paths are relative to the folder you run npm in.",
  ].join("\n"),
  options: { out: { type: "string" }, ledger: { type: "string" } },
});
const out = values.out === undefined ? join(PROJECT_ROOT, "site") : fromReader("site", values.out);
const ledger = values.ledger === undefined ? undefined : fromReader("site", values.ledger);

// The site type-checks listings against the installed Pi: a wrong install is refused in
// one line, like every other entry point, before the compiler says it in 500 characters.
requirePinnedPi();
const { buildSite } = await import("./build.ts");

let files: Map<string, string>;
try {
  files = await buildSite({ verdicts: ledger === undefined ? {} : { ledger, preferLedger: true } });
} catch (error) {
  if (!(error instanceof ChapterBuildError)) throw error;
  process.stderr.write(`site: ${error.message}\n(nothing written)\n`);
  process.exit(1);
}
// Every page is built in memory first, then written whole: a failure leaves the old site.
writeFilesAtomically(Object.fromEntries([...files].map(([name, contents]) => [join(out, name), contents])));
for (const name of files.keys()) process.stdout.write(`wrote ${forReader("site", join(out, name))}\n`);
