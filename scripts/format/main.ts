import { join } from "node:path";
import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { filesUnder, unformattedFiles } from "./unformatted.ts";

// `npm run format`: the pinned Prettier over the repository (see .prettierignore for what it
// leaves alone: generated files, fixtures, prose).

const { values } = commandLine({
  name: "format",
  usage: "usage: npm run format [-- --check]",
  details: [
    "Formats every code and JSON file git knows of with the pinned Prettier (.prettierrc.json, .prettierignore).",
    "  --check  only list the files that are not formatted, and exit 1 if there are any; writes nothing",
  ].join("\n"),
  options: { check: { type: "boolean" } },
});
const unformatted = await unformattedFiles(PROJECT_ROOT, filesUnder(PROJECT_ROOT));
if (values.check) {
  for (const { file } of unformatted) process.stdout.write(`not formatted: ${file}\n`);
  if (unformatted.length > 0) {
    process.stderr.write(`format: ${unformatted.length} file(s) not formatted; run npm run format\n`);
    process.exit(1);
  }
  process.stdout.write("format: every file is formatted\n");
} else {
  writeFilesAtomically(
    Object.fromEntries(unformatted.map(({ file, formatted }) => [join(PROJECT_ROOT, file), formatted])),
  );
  for (const { file } of unformatted) process.stdout.write(`formatted ${file}\n`);
  process.stdout.write(`format: ${unformatted.length} file(s) rewritten\n`);
}
