import { commandLine } from "../lib/cli.ts";
import { writeFileAtomically } from "../lib/atomic-write.ts";
import { requirePinnedPi } from "../toolchain/pin.ts";

// `npm run errata`: appendix E from a run of every counterexample at the pin.

commandLine({
  name: "errata",
  usage: "usage: npm run errata",
  details:
    "Runs every counterexample (examples/chNN-*/counterexamples/) against the pinned Pi and writes appendix/E-errata.md: per qualified or failing claim, grouped by chapter and section, the sentence, what was measured, the companion's proposed rewording (chapters/rewordings.tsv) and the counterexample's path.",
  options: {},
});
requirePinnedPi();
const { ERRATA_PATH, measureErrata, renderErrata } = await import("./errata.ts");
const rows = await measureErrata();
writeFileAtomically(ERRATA_PATH, renderErrata(rows));
process.stdout.write(`wrote appendix/E-errata.md (${rows.length} entries)\n`);
