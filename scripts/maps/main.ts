import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commandLine } from "../lib/cli.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import { readAllClaims } from "../ledger/catalogue.ts";
import { MAPPED_FOLDERS, mapInputs, renderChapterMap } from "./chapter-map.ts";
import { checkLocations, LEDGER_README, renderCheckLocations, withCheckLocations } from "./check-locations.ts";

// `npm run maps`: each chapter folder's README.md, regenerated from the guides and the folder,
// and the ledger README's table of where each claim's check is.

commandLine({
  name: "maps",
  usage: "usage: npm run maps",
  details:
    "Regenerates examples/chNN-*/README.md (each file's role, the guide sections that include or run it, their claim ids) " +
    "and the table in scripts/ledger/README.md of the file holding each claim's check; writes only what changed.",
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
const ledgerReadme = join(PROJECT_ROOT, LEDGER_README);
const oldLedgerReadme = readFileSync(ledgerReadme, "utf8");
const ids = readAllClaims().map(({ claim }) => claim.id);
const newLedgerReadme = withCheckLocations(oldLedgerReadme, renderCheckLocations(checkLocations(PROJECT_ROOT, ids)));
if (newLedgerReadme !== oldLedgerReadme) changed[ledgerReadme] = newLedgerReadme;
writeFilesAtomically(changed);
for (const path of [...MAPPED_FOLDERS.map((folder) => `${folder}/README.md`), LEDGER_README]) {
  process.stdout.write(`${join(PROJECT_ROOT, path) in changed ? "wrote" : "unchanged"} ${path}\n`);
}
