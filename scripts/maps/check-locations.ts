import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Where each claim's check is: read from the check files' text, so that finding a claim's
// check needs no grep, and the ledger's README says it in a block `npm run maps` writes.

/** The folder the check files live in, relative to the project root. */
export const CHECKS_DIR = "scripts/ledger/checks";

/** The ledger's README, which holds the generated block. */
export const LEDGER_README = "scripts/ledger/README.md";

const BEGIN = "<!-- check-locations: written by npm run maps; npm test fails when it is stale -->";
const END = "<!-- /check-locations -->";

// A check's id where it is declared: `id: "ch37.x"`, or the first argument of a check
// builder, `tableCheck("ch38.x"`, `staticCheck("ch37.x"`.
const DECLARED_ID = /(?:\bid:\s*|\b\w+\(\s*)"([a-z0-9-]+\.[^"\s]+)"/g;

/** A check file (relative to {@link CHECKS_DIR}) and the claim ids whose checks it declares. */
export interface CheckFile {
  file: string;
  ids: string[];
}

/** Every check file under `root`'s {@link CHECKS_DIR} and the ids of `knownIds` it declares, in `knownIds`' order. */
export function checkLocations(root: string, knownIds: readonly string[]): CheckFile[] {
  const dir = join(root, CHECKS_DIR);
  const order = new Map(knownIds.map((id, i) => [id, i]));
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => f.split("\\").join("/"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      const ids = [...new Set([...text.matchAll(DECLARED_ID)].map((m) => m[1]!))].filter((id) => order.has(id));
      return { file, ids: ids.sort((a, b) => order.get(a)! - order.get(b)!) };
    })
    .filter(({ ids }) => ids.length > 0);
}

/** The README block: one row per check file, with the ids it checks. */
export function renderCheckLocations(files: readonly CheckFile[]): string {
  return [
    BEGIN,
    "| check file (under `checks/`) | the claim ids it checks |",
    "| --- | --- |",
    ...files.map(({ file, ids }) => `| \`${file}\` | ${ids.map((id) => `\`${id}\``).join(" ")} |`),
    END,
  ].join("\n");
}

/** `readme` with its generated block replaced by `block`; throws when the README has no such block. */
export function withCheckLocations(readme: string, block: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${LEDGER_README} has no ${BEGIN} … ${END} block`);
  return readme.slice(0, start) + block + readme.slice(end + END.length);
}

/** The ids declared in no check file, and those declared in more than one (with the files). */
export function misplacedIds(
  files: readonly CheckFile[],
  knownIds: readonly string[],
): { missing: string[]; twice: string[] } {
  const where = new Map<string, string[]>();
  for (const { file, ids } of files) for (const id of ids) where.set(id, [...(where.get(id) ?? []), file]);
  return {
    missing: knownIds.filter((id) => !where.has(id)),
    twice: [...where].filter(([, in_]) => in_.length > 1).map(([id, in_]) => `${id} in ${in_.join(", ")}`),
  };
}
