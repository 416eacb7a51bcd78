import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BOOK_PIN, PACKAGE_NAMES, type InstalledPi } from "../toolchain/pin.ts";
import { writeFilesAtomically } from "../lib/atomic-write.ts";
import type { MeasuredOn } from "../lib/environment.ts";
import { markdownTable } from "../lib/markdown-table.ts";
import { APPENDIX_DIR } from "../lib/paths.ts";
import { INTERFACE_BUILTINS } from "./checks/layering.ts";
import { VERDICTS } from "./check.ts";
import { VERDICT_DEFINITIONS } from "./legend.ts";
import type { Outcome } from "./run-checks.ts";
import { CLOSURE_RULE, dependencyClosure, type Closure } from "./static/closure.ts";
import { declaredRuntimeDependencies, type DeclaredDependency } from "./static/dependencies.ts";
import { scanDist, specifierTable, type DistFileKind, type SpecifierRow } from "./static/specifiers.ts";
import { UI_RULE } from "./static/ui-rule.ts";

/** The claims whose verdicts appendix A records: the ones read from the installed tree alone. */
export const APPENDIX_CLAIM_IDS = [
  "ch37.deps.two-runtime-deps",
  "ch37.deps.no-ui-or-session-dep",
  "ch37.dist.specifiers-closed",
  "ch37.dist.no-interface-imports",
  "ch37.deps.pi-ai-graph-no-ui",
] as const;

export const APPENDIX_MARKDOWN = "A-dependencies.md";
export const APPENDIX_JSON = "A-dependencies.json";

interface DependencyRow {
  name: string;
  kind: DeclaredDependency["kind"];
  range: string;
  installed: string | null;
}

/** Everything appendix A records, as data. */
export interface AppendixFacts {
  versions: { core: string; ai: string; typebox: string; bookPin: string };
  dependencies: { core: DependencyRow[]; ai: DependencyRow[] };
  specifiers: Record<DistFileKind, SpecifierRow[]>;
  closure: Closure;
  rules: { ui: string; closure: string; interfaceModules: string };
  verdicts: { id: string; verdict: string; evidence: string }[];
}

function dependencyRows(packageDir: string): DependencyRow[] {
  return declaredRuntimeDependencies(packageDir).map((d) => ({
    name: d.name,
    kind: d.kind,
    range: d.range,
    installed: d.installed?.version ?? null,
  }));
}

/**
 * Measures the appendix's facts from the install and takes the verdicts of
 * {@link APPENDIX_CLAIM_IDS} from `outcomes`; a missing or crashed one is an error,
 * because a half-measured appendix must not be written.
 */
export function appendixFacts(install: InstalledPi, outcomes: readonly Outcome[]): AppendixFacts {
  const verdicts = APPENDIX_CLAIM_IDS.map((id) => {
    const outcome = outcomes.find((o) => o.id === id);
    if (outcome === undefined) throw new Error(`appendix A needs the verdict of ${id}, which did not run`);
    if (outcome.kind === "crash")
      throw new Error(`appendix A needs the verdict of ${id}, whose check crashed: ${outcome.error}`);
    return { id, verdict: outcome.result.verdict, evidence: outcome.result.evidence };
  });
  const scan = scanDist(install.dirs.core);
  return {
    versions: { core: install.core, ai: install.ai, typebox: install.typebox, bookPin: BOOK_PIN },
    dependencies: { core: dependencyRows(install.dirs.core), ai: dependencyRows(install.dirs.ai) },
    specifiers: { ".js": specifierTable(scan[".js"]), ".d.ts": specifierTable(scan[".d.ts"]) },
    closure: dependencyClosure(install.dirs.ai),
    rules: {
      ui: UI_RULE,
      closure: CLOSURE_RULE,
      interfaceModules: `Node ${INTERFACE_BUILTINS.join(", ")}; the coding agent; any UI/TUI package by the UI rule`,
    },
    verdicts,
  };
}

const MEASURED_PREFIX = "Measured on ";

/** The markdown of appendix A. */
export function appendixMarkdown(facts: AppendixFacts, measured: MeasuredOn): string {
  const { versions, closure } = facts;
  const depRows = (rows: DependencyRow[]) => rows.map((d) => [d.name, d.kind, d.range, d.installed ?? "not installed"]);
  const specRows = (rows: SpecifierRow[]) => rows.map((r) => [r.specifier, r.forms.join(", "), String(r.files)]);
  const absent = closure.unresolved;
  return [
    "# Appendix A — what the core depends on",
    "",
    "<!-- Written by `npm start` (scripts/ledger/appendix-a-dependencies.ts). Do not edit: `npm test` fails when this differs from a fresh run. -->",
    "",
    `${MEASURED_PREFIX}${measured.date} with Node ${measured.node}. \`npm start\` rewrites this file only when a measured fact changed; \`npm test\` measures it again at every run.`,
    "",
    "## What the verdicts mean",
    "",
    ...VERDICTS.map((verdict) => `- \`${verdict}\`: ${VERDICT_DEFINITIONS[verdict]}`),
    "",
    "Every verdict of every claim and finding at the pin is in `verdicts-at-pin.json`, beside this file.",
    "",
    `Versions measured: ${PACKAGE_NAMES.core} ${versions.core}, ${PACKAGE_NAMES.ai} ${versions.ai}, ${PACKAGE_NAMES.typebox} ${versions.typebox}. ` +
      (versions.core === versions.bookPin
        ? "This is the book's pin."
        : `The book pins ${versions.bookPin}, which the npm registry does not serve; ${versions.core} is the nearest installable release and stands in for it. Nothing here is a measurement of ${versions.bookPin}.`),
    "",
    "## Verdicts",
    "",
    ...markdownTable(
      ["claim", "verdict", "evidence"],
      facts.verdicts.map((v) => [v.id, v.verdict, v.evidence]),
    ),
    "",
    `## Declared runtime dependencies of ${PACKAGE_NAMES.core}`,
    "",
    ...markdownTable(["package", "kind", "declared", "installed"], depRows(facts.dependencies.core)),
    "",
    `## Declared runtime dependencies of ${PACKAGE_NAMES.ai}`,
    "",
    ...markdownTable(["package", "kind", "declared", "installed"], depRows(facts.dependencies.ai)),
    "",
    `## Module specifiers in ${PACKAGE_NAMES.core} dist/`,
    "",
    'Read with the TypeScript parser: static imports, export-from, dynamic `import()`, `require()` and `import("…")` types. Relative specifiers are one row.',
    "",
    "### .js files",
    "",
    ...markdownTable(["specifier", "forms", "files"], specRows(facts.specifiers[".js"])),
    "",
    "### .d.ts files",
    "",
    ...markdownTable(["specifier", "forms", "files"], specRows(facts.specifiers[".d.ts"])),
    "",
    `## Runtime dependency closure of ${closure.root}`,
    "",
    `Rule: ${facts.rules.closure}.`,
    "",
    `UI/TUI rule: ${facts.rules.ui}.`,
    "",
    `Interface modules (for ch37.dist.no-interface-imports): ${facts.rules.interfaceModules}.`,
    "",
    `${new Set(closure.packages.map((p) => `${p.name}@${p.version}`)).size} packages in ${closure.packages.length} install locations.`,
    "",
    ...markdownTable(
      ["package", "version", "location", "reached via", "UI/TUI", "why"],
      closure.packages.map((p) => [p.name, p.version, p.location, p.via, p.ui.ui ? "yes" : "no", p.ui.reason]),
    ),
    "",
    "### Declared but not installed",
    "",
    ...(absent.length === 0
      ? ["None."]
      : markdownTable(
          ["package", "range", "declared by", "kind", "required"],
          absent.map((u) => [u.name, u.range, u.from, u.kind, u.required ? "yes" : "no"]),
        )),
    "",
  ].join("\n");
}

/** The JSON of appendix A: the same facts, for programs. */
export function appendixJson(facts: AppendixFacts, measured: MeasuredOn): string {
  return `${JSON.stringify({ measured, ...facts }, null, 2)}\n`;
}

/** The appendix's files, by name. */
export function appendixFiles(facts: AppendixFacts, measured: MeasuredOn): Record<string, string> {
  return { [APPENDIX_MARKDOWN]: appendixMarkdown(facts, measured), [APPENDIX_JSON]: appendixJson(facts, measured) };
}

/** A file's text without what changes from run to run (the date and Node line, the `measured` object). */
export function withoutMeasuredOn(name: string, text: string): string {
  if (name.endsWith(".json")) {
    const { measured: _measured, ...rest } = JSON.parse(text) as { measured?: unknown };
    return JSON.stringify(rest, null, 2);
  }
  return text
    .split("\n")
    .filter((line) => !line.startsWith(MEASURED_PREFIX))
    .join("\n");
}

/**
 * Writes the files (as {@link writeAppendix}) only when one differs from what is there in more
 * than its date and Node line; returns whether it wrote. A run that measured the same facts on
 * another day leaves the tracked files, and so `git status`, as they were.
 */
export function writeAppendixIfChanged(files: Record<string, string>, dir: string = APPENDIX_DIR): boolean {
  const same = Object.entries(files).every(([name, text]) => {
    const path = join(dir, name);
    try {
      return withoutMeasuredOn(name, readFileSync(path, "utf8")) === withoutMeasuredOn(name, text);
    } catch {
      return false; // missing or unreadable: write it
    }
  });
  if (!same) writeAppendix(files, dir);
  return !same;
}

/** Writes every file to a temporary name first, then renames them all: no half-written appendix. */
export function writeAppendix(files: Record<string, string>, dir: string = APPENDIX_DIR): void {
  writeFilesAtomically(Object.fromEntries(Object.entries(files).map(([name, text]) => [join(dir, name), text])));
}
