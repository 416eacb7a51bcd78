import { readFileSync } from "node:fs";
import { LISTINGS } from "../toolchain/listing-source.ts";
import { PACKAGE_NAMES } from "../toolchain/pin.ts";

/**
 * One mutant of Pi: replace `find` (which must occur exactly once) with `replace` in one
 * file of one installed package, and name the claims whose verdicts that must flip.
 */
export interface PatchSpec {
  /** A Pi package (or typebox), or {@link LISTINGS_PACKAGE} for a listing patch. */
  package: string;
  /** Relative to the package's folder, e.g. `dist/agent.js`; for a listing patch, the listing's path in the project. */
  file: string;
  find: string;
  replace: string;
  description: string;
  flips: string[];
}

/**
 * The `package` of a listing patch: it edits a copy of one of the companion's two listings
 * (`file` is `examples/ch38-typed-step/step.ts` or `examples/ch37-agent-core/research-agent.ts`),
 * and the ledger runs that copy in place of ours, as a reader's (`--listings`).
 */
export const LISTINGS_PACKAGE = "pi-book-companion";

/** Whether `spec` patches one of our listings rather than Pi. */
export function isListingPatch(spec: Pick<PatchSpec, "package">): boolean {
  return spec.package === LISTINGS_PACKAGE;
}

/** Why a spec file cannot be used. */
export interface SpecProblem {
  kind: "unreadable-spec" | "invalid-spec";
  message: string;
}

const FIELDS = ["package", "file", "find", "replace", "description", "flips"] as const;

/** Checks that `value` has exactly the spec's fields, each of the right type; `source` names it in the message. */
export function parseSpec(value: unknown, source: string): PatchSpec | SpecProblem {
  const invalid = (why: string): SpecProblem => ({ kind: "invalid-spec", message: `${source}: ${why}` });
  if (typeof value !== "object" || value === null || Array.isArray(value)) return invalid("expected one JSON object");
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0)
    return invalid(`unknown field ${unknown.map((k) => `"${k}"`).join(", ")}; a spec has exactly ${FIELDS.join(", ")}`);
  for (const field of FIELDS) {
    if (!(field in record)) return invalid(`missing field "${field}"; a spec has exactly ${FIELDS.join(", ")}`);
  }
  for (const field of ["package", "file", "find", "replace", "description"] as const) {
    if (typeof record[field] !== "string") return invalid(`"${field}" must be a string`);
  }
  const flips = record.flips;
  if (!Array.isArray(flips) || !flips.every((id) => typeof id === "string"))
    return invalid(`"flips" must be an array of claim ids`);
  const spec = record as unknown as PatchSpec;
  const packages = [...Object.values(PACKAGE_NAMES), LISTINGS_PACKAGE];
  if (!packages.includes(spec.package))
    return invalid(`"package" must be one of ${packages.join(", ")}, not "${spec.package}"`);
  const listings: readonly string[] = Object.values(LISTINGS);
  if (isListingPatch(spec) && !listings.includes(spec.file)) {
    return invalid(
      `"file" of a ${LISTINGS_PACKAGE} (listing) patch must be one of ${listings.join(", ")}, not "${spec.file}"`,
    );
  }
  if (spec.file.startsWith("/") || spec.file.split("/").includes(".."))
    return invalid(`"file" must be a path inside the package, not "${spec.file}"`);
  if (spec.find.length === 0) return invalid(`"find" is empty`);
  if (spec.find === spec.replace) return invalid(`"replace" equals "find": the patch would change nothing`);
  return spec;
}

/** Reads and checks one spec file. */
export function readSpec(path: string): PatchSpec | SpecProblem {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "a folder, not a spec file"
          : code === "EACCES"
            ? "not readable"
            : (error as Error).message;
    return {
      kind: "unreadable-spec",
      message: `--patch ${path}: ${why}; give a JSON spec (package, file, find, replace, description, flips), e.g. scripts/mutants/extra-patches/*.json`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "invalid-spec", message: `${path}: not JSON (${(error as Error).message})` };
  }
  return parseSpec(value, path);
}

/** Type guard for the problem side of {@link readSpec}. */
export function isSpecProblem(value: PatchSpec | SpecProblem): value is SpecProblem {
  return "kind" in value;
}
