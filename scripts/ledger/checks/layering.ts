import { PACKAGE_NAMES } from "../../toolchain/pin.ts";
import { staticCheck, verdictOf, notCheckable, type Check, type CheckResult } from "../check.ts";
import { brokenEdges, CLOSURE_RULE_NAME, dependencyClosure } from "../static/closure.ts";
import { declaredRuntimeDependencies, describeDependency, isExactVersion } from "../static/dependencies.ts";
import { installedPi, readPackageJson, type PackageJson } from "../static/installed.ts";
import { relative } from "node:path";
import { PROJECT_ROOT } from "../../lib/paths.ts";
import { recordedView, REGISTRY_RECORD } from "./registry-record.ts";
import { begin, once } from "../once.ts";
import {
  isNodeBuiltin,
  isRelative,
  packageOfSpecifier,
  scanDist,
  staysInside,
  type DistFileKind,
  type SpecifierUse,
} from "../static/specifiers.ts";
import { classifyUi, UI_RULE_NAME } from "../static/ui-rule.ts";

const CORE = PACKAGE_NAMES.core;
const AI = PACKAGE_NAMES.ai;
const TYPEBOX = PACKAGE_NAMES.typebox;

/** The packages the book says the core's dist/ may name besides its own files. */
export const CLOSED_OVER: readonly string[] = [AI, TYPEBOX];

function corePackage(): PackageJson {
  return readPackageJson(installedPi().dirs.core);
}

/**
 * The core declares exactly `expectedCount` runtime dependencies (and, when given, exactly
 * these names). The ledger's claim and the negative control both run through here.
 */
export function coreRuntimeDependencyCount(
  id: string,
  expectedCount: number,
  expectedNames?: readonly string[],
): Check {
  return staticCheck(id, () => {
    const core = corePackage();
    const declared = declaredRuntimeDependencies(installedPi().dirs.core);
    const required = declared.filter((d) => d.kind === "dependency");
    const others = declared.filter((d) => d.kind !== "dependency");
    const names = required.map((d) => d.name).sort();
    const namesAgree = expectedNames === undefined || names.join() === [...expectedNames].sort().join();
    const ranged = required.filter((d) => !isExactVersion(d.range)).map((d) => d.name);
    return verdictOf(
      required.length === expectedCount && others.length === 0 && namesAgree,
      `${core.name} ${core.version} declares ${required.length} runtime dependencies (${required.map(describeDependency).join(", ")}); ` +
        `optional/peer: ${others.length === 0 ? "none" : others.map(describeDependency).join(", ")}` +
        (ranged.length > 0 ? `; a count of this release: ${ranged.join(", ")} is a range the lockfile resolves` : ""),
    );
  });
}

/** A filesystem-based session host: the coding agent, or a package that names sessions. */
const SESSION_HOST_RULE = 'session host = @earendil-works/pi-coding-agent or a name/keyword containing "session"';

function isSessionHost(pkg: Pick<PackageJson, "name" | "keywords">): boolean {
  return (
    pkg.name === "@earendil-works/pi-coding-agent" ||
    pkg.name.toLowerCase().includes("session") ||
    (pkg.keywords ?? []).some((k) => k.toLowerCase().includes("session"))
  );
}

function noUiOrSessionDependency(): CheckResult {
  const core = corePackage();
  const declared = declaredRuntimeDependencies(installedPi().dirs.core);
  const rows = declared.map((dep) => {
    const pkg = dep.installed ?? { name: dep.name };
    const ui = classifyUi(pkg);
    return { dep, ui, session: isSessionHost(pkg) };
  });
  const offending = rows.filter((r) => r.ui.ui || r.session);
  return verdictOf(
    offending.length === 0,
    `${core.name} ${core.version} declares ${rows.length}: ` +
      rows
        .map(
          (r) =>
            `${describeDependency(r.dep)} (${r.ui.ui ? "UI: " : ""}${r.ui.reason}${r.session ? "; session host" : ""})`,
        )
        .join("; ") +
      ` — ${UI_RULE_NAME}; ${SESSION_HOST_RULE}`,
  );
}

function countKinds(uses: readonly SpecifierUse[]): string {
  const relative = uses.filter((u) => isRelative(u.specifier)).length;
  const bare = [...new Set(uses.filter((u) => !isRelative(u.specifier)).map((u) => u.specifier))].sort();
  return `${uses.length} specifiers (${relative} relative; bare: ${bare.length === 0 ? "none" : bare.join(", ")})`;
}

/** Specifiers that leave the closure: a bare package not in CLOSED_OVER, a relative path out of the package, or a computed one. */
export function closureBreaks(packageDir: string, uses: readonly SpecifierUse[]): SpecifierUse[] {
  return uses.filter((use) => {
    if (use.computed === true) return true;
    if (isRelative(use.specifier)) return !staysInside(packageDir, use);
    return !CLOSED_OVER.includes(packageOfSpecifier(use.specifier));
  });
}

function describeUse(use: SpecifierUse): string {
  return `${use.form} "${use.specifier}" in ${use.file}`;
}

function specifiersClosed(): CheckResult {
  const { dirs, core } = installedPi();
  const scan = scanDist(dirs.core);
  const kinds = Object.keys(scan) as DistFileKind[];
  const breaks = kinds.flatMap((kind) => closureBreaks(dirs.core, scan[kind]));
  const jsImportsTypebox = scan[".js"].some((u) => packageOfSpecifier(u.specifier) === TYPEBOX);
  return verdictOf(
    breaks.length === 0,
    `${CORE} ${core} dist/ .js: ${countKinds(scan[".js"])}; .d.ts: ${countKinds(scan[".d.ts"])}; ` +
      `closure breaks: ${breaks.length === 0 ? "none" : breaks.map(describeUse).join("; ")}` +
      (jsImportsTypebox ? "" : "; typebox is named only by the .d.ts files (types), never by the .js"),
  );
}

/** Terminal and filesystem modules of Node: what an interface (TUI, session store) would import. */
export const INTERFACE_BUILTINS: readonly string[] = [
  "fs",
  "fs/promises",
  "tty",
  "readline",
  "readline/promises",
  "child_process",
  "repl",
];

/** Why a specifier is an interface import, or undefined when it is not one. */
export function interfaceImport(specifier: string): string | undefined {
  if (isRelative(specifier)) return undefined;
  if (isNodeBuiltin(specifier)) {
    const builtin = specifier.replace(/^node:/, "");
    return INTERFACE_BUILTINS.includes(builtin) ? `Node terminal/filesystem module ${builtin}` : undefined;
  }
  const pkg = packageOfSpecifier(specifier);
  if (pkg === "@earendil-works/pi-coding-agent") return "the coding agent";
  const ui = classifyUi({ name: pkg });
  return ui.ui ? `UI/TUI package (${ui.reason})` : undefined;
}

function noInterfaceImports(): CheckResult {
  const { dirs, core } = installedPi();
  const scan = scanDist(dirs.core);
  const all = [...scan[".js"], ...scan[".d.ts"]];
  const found = all.flatMap((use) => {
    const why = interfaceImport(use.specifier);
    return why === undefined ? [] : [`${describeUse(use)}: ${why}`];
  });
  return verdictOf(
    found.length === 0,
    `${CORE} ${core} dist/: ${found.length} interface imports among ${scan[".js"].length} .js and ${scan[".d.ts"].length} .d.ts specifiers` +
      (found.length > 0 ? `: ${found.join("; ")}` : "") +
      ` — interface = Node ${INTERFACE_BUILTINS.join(", ")}, the coding agent, or a UI/TUI package by the ${UI_RULE_NAME}`,
  );
}

/** Model-provider SDKs, telemetry and schema libraries: the book's three kinds of pi-ai dependency. */
const DEPENDENCY_KINDS: { kind: string; matches: (name: string) => boolean }[] = [
  {
    kind: "provider SDK",
    matches: (n) =>
      ["@anthropic-ai/sdk", "openai", "@google/genai", "@mistralai/mistralai"].includes(n) ||
      n.startsWith("@aws-sdk/client-"),
  },
  { kind: "telemetry", matches: (n) => n.includes("telemetry") || n.startsWith("@opentelemetry/") },
  { kind: "schema", matches: (n) => n === "typebox" || n.includes("schema") || n === "zod" || n === "ajv" },
];

function piAiGraphHasNoUi(): CheckResult {
  const { dirs, ai } = installedPi();
  const closure = dependencyClosure(dirs.ai);
  const direct = declaredRuntimeDependencies(dirs.ai).filter((d) => d.kind === "dependency");
  const byKind = DEPENDENCY_KINDS.map(({ kind, matches }) => ({
    kind,
    names: direct.filter((d) => matches(d.name)).map(describeDependency),
  }));
  const other = direct.filter((d) => !DEPENDENCY_KINDS.some(({ matches }) => matches(d.name))).map((d) => d.name);
  const ui = closure.packages.filter((p) => p.ui.ui);
  const broken = brokenEdges(closure);
  const absentOptional = closure.unresolved.filter((u) => !u.required);
  // An optional dependency or optional peer need not be installed, so it is absent from the walked
  // packages; it is still a declared edge of the graph, and a UI package by name is a UI dependency.
  const absentUi = closure.unresolved
    .map((u) => ({ u, ui: classifyUi({ name: u.name }) }))
    .filter(({ ui: verdict }) => verdict.ui);
  const distinct = new Set(closure.packages.map((p) => `${p.name}@${p.version}`)).size;
  const ranged = direct.filter((d) => !isExactVersion(d.range)).map(describeDependency);
  const terminal = terminalModuleFiles(dirs.ai);
  return verdictOf(
    byKind.every((k) => k.names.length > 0) && ui.length === 0 && absentUi.length === 0 && broken.length === 0,
    `${AI} ${ai} declares ${direct.length}: ${byKind.map((k) => `${k.kind} ${k.names.join(", ") || "none"}`).join("; ")}; other ${other.join(", ") || "none"}. ` +
      `Installed closure: ${distinct} packages (${closure.packages.length} install locations), ${ui.length} UI/TUI` +
      (ui.length > 0 ? ` (${ui.map((p) => `${p.name}: ${p.ui.reason}`).join("; ")})` : "") +
      `, ${broken.length} required dependencies missing, ${absentOptional.length} optional peers absent` +
      (absentUi.length > 0
        ? ` (UI/TUI among the absent: ${absentUi.map(({ u, ui: verdict }) => `${u.name} ${u.kind} of ${u.from}: ${verdict.reason}`).join("; ")})`
        : "") +
      (ranged.length > 0 ? `; holds for this lockfile: ${ranged.join(", ")} is a range` : "") +
      (terminal.length > 0 ? `; packages only: pi-ai's own ${terminal.join(", ")}` : "") +
      ` — ${CLOSURE_RULE_NAME}; ${UI_RULE_NAME}`,
  );
}

/** Terminal modules of Node: a package's own interactive code, as opposed to a UI dependency. */
const TERMINAL_BUILTINS: readonly string[] = ["readline", "readline/promises", "tty"];

/** Files of a package's dist/*.js that import a Node terminal module, marked when they are the package's bin. */
function terminalModuleFiles(packageDir: string): string[] {
  const pkg = readPackageJson(packageDir) as PackageJson & { bin?: string | Record<string, string> };
  const bins = Object.values(typeof pkg.bin === "string" ? { bin: pkg.bin } : (pkg.bin ?? {})).map((b) =>
    b.replace(/^\.\//, ""),
  );
  const byFile = new Map<string, Set<string>>();
  for (const use of scanDist(packageDir)[".js"]) {
    const builtin = use.specifier.replace(/^node:/, "");
    if (!isNodeBuiltin(use.specifier) || !TERMINAL_BUILTINS.includes(builtin)) continue;
    byFile.set(use.file, (byFile.get(use.file) ?? new Set()).add(builtin));
  }
  return [...byFile].map(
    ([file, modules]) => `${file}${bins.includes(file) ? " (its bin)" : ""} imports ${[...modules].join(", ")}`,
  );
}

const codingAgentSpec = () => `@earendil-works/pi-coding-agent@${installedPi().core}`;
// Started before the checks run: a look-up the record cannot answer waits beside the type-check.
const codingAgentDependencies = once(() => recordedView(codingAgentSpec(), "dependencies"));

async function codingAgentBuildsOnCore(): Promise<CheckResult> {
  const spec = codingAgentSpec();
  const answer = await codingAgentDependencies();
  if (answer.kind === "unreachable")
    return notCheckable(
      `registry metadata unavailable: ${answer.detail}; ${relative(PROJECT_ROOT, REGISTRY_RECORD)} has no answer for ${spec} yet`,
    );
  if (answer.kind === "not-served") return notCheckable(`${spec} is not on the registry: ${answer.detail}`);
  const deps = (answer.value ?? {}) as Record<string, string>;
  const range = deps[CORE];
  const tui = deps["@earendil-works/pi-tui"];
  const asked =
    `npm view ${spec} dependencies (the registry's answer of ${answer.asked}` +
    (answer.from === "record" ? `, recorded in ${relative(PROJECT_ROOT, REGISTRY_RECORD)})` : ", asked by this run)");
  return verdictOf(
    range !== undefined,
    range === undefined
      ? `${asked} lists ${Object.keys(deps).length} packages and not ${CORE}`
      : `${asked}: ${CORE} ${range} (one of ${Object.keys(deps).length} dependencies` +
          (tui !== undefined ? `, with @earendil-works/pi-tui ${tui}: the UI lives there, not in the core` : "") +
          ")",
  );
}

/** The layering claims: what the core and pi-ai declare, import and pull in. */
export const layeringChecks: Check[] = [
  coreRuntimeDependencyCount("ch37.deps.two-runtime-deps", 2, CLOSED_OVER),
  staticCheck("ch37.deps.no-ui-or-session-dep", noUiOrSessionDependency),
  staticCheck("ch37.dist.specifiers-closed", specifiersClosed),
  staticCheck("ch37.dist.no-interface-imports", noInterfaceImports),
  staticCheck("ch37.deps.pi-ai-graph-no-ui", piAiGraphHasNoUi),
  {
    id: "ch37.deps.coding-agent-builds-on-core",
    start: () => begin(codingAgentDependencies),
    run: codingAgentBuildsOnCore,
  },
];
