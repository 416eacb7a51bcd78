import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { MAPPED_FOLDERS, mapInputs, renderChapterMap } from "./chapter-map.ts";

// `npm run maps`: each chapter folder's README.md, regenerated from the guides and the folder.

commandLine({
  name: "maps",
  usage: "usage: npm run maps",
  details: "Regenerates examples/chNN-*/README.md (each file's role, the guide sections that include or run it, their claim ids); writes only a map that changed.",
  options: {},
});
const changed: Record<string, string> = {};
for (const folder of MAPPED_FOLDERS) {
  const path = join(PROJECT_ROOT, folder, "README.md");
  const text = renderChapterMap(mapInputs(PROJECT_ROOT, folder));
  let old: string | undefined;
  try {
    old = readFileSync(path, "utf8");
  } catch {
    old = undefined;
  }
  if (old !== text) changed[path] = text;
}
writeFilesAtomically(changed);
for (const folder of MAPPED_FOLDERS) {
  const path = join(PROJECT_ROOT, folder, "README.md");
  process.stdout.write(`${path in changed ? "wrote" : "unchanged"} ${folder}/README.md\n`);
}
