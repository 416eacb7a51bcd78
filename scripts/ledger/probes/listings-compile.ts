import {
  compareWithDeclared,
  compileFiles,
  type CompileDiagnostic,
  type ExpectationOutcome,
} from "../../toolchain/compile.ts";
import { readInstalledPi, type InstallProblem, type PackageKey } from "../../toolchain/pin.ts";

const HERE = "examples/ch37-agent-core";

/** The chapter's listings that the type checker must judge, by what they show. */
export const LISTINGS = {
  /** Must fail: an untyped AgentTool whose execute annotates params as { query: string }. */
  untypedParams: `${HERE}/untyped-params.fails-to-compile.ts`,
  /**
   * Must compile: the book's listing, Corpus, the tool typed AgentTool<typeof LookupParams>, and
   * new Agent({ initialState: { systemPrompt, model, tools }, streamFn: models.streamSimple.bind(models) }).
   */
  researchAgent: `${HERE}/research-agent.ts`,
} as const;

export type ListingName = keyof typeof LISTINGS;

/** Each listing's diagnostics and how they compare with what the listing declares. */
export type ListingVerdicts = Record<
  ListingName,
  { file: string; diagnostics: CompileDiagnostic[]; outcome: ExpectationOutcome }
>;

let compiled: ListingVerdicts | InstallProblem | undefined;

/**
 * Type-checks the chapter's listings once per process, in one program, against the Pi
 * install that this process resolves (so the release matrix measures its own install).
 */
export function compileChapterListings(): ListingVerdicts | InstallProblem {
  if (compiled) return compiled;
  const installed = readInstalledPi();
  if ("kind" in installed) return (compiled = installed);
  return (compiled = listingVerdicts(
    compileFiles(Object.values(LISTINGS), installed.dirs satisfies Record<PackageKey, string>),
  ));
}

/** Each listing's share of `diagnostics` (a compile of all of {@link LISTINGS}) and how it compares with what the listing declares. */
export function listingVerdicts(diagnostics: readonly CompileDiagnostic[]): ListingVerdicts {
  const verdicts = {} as ListingVerdicts;
  for (const [name, file] of Object.entries(LISTINGS) as [ListingName, string][]) {
    const own = diagnostics.filter((d) => d.file === file);
    verdicts[name] = { file, diagnostics: own, outcome: compareWithDeclared(file, diagnostics) };
  }
  return verdicts;
}
