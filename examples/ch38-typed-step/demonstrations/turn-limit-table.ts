import { describeOutcome, measureStep, type StepRun } from "../support/measure.ts";
import { lookupTool, times } from "../support/script.ts";
import {
  BOOK_FIGURES,
  scenarios,
  turnLimitCases,
  versions,
  type Scenario,
  type TurnLimitCase,
  type TurnLimitRow,
  type Variant,
} from "../support/turn-limit-cases.ts";
import { textTable } from "../../support/text-table.ts";

/** Runs one case through one version and reads the figures off the run. */
export async function measureCase(variant: Variant, c: TurnLimitCase): Promise<TurnLimitRow> {
  const version = versions.find((v) => v.variant === variant)!;
  const run: StepRun = await measureStep(version.run, times(c.scriptedResponses, scenarios[c.scenario]), {
    maxTurns: c.maxTurns,
    maxAttempts: c.maxAttempts,
    extraTools: [lookupTool()],
  });
  return {
    variant,
    ...c,
    providerRequests: run.providerRequests,
    streamFnCalls: run.streamFnCalls,
    turns: run.turns,
    outcome: describeOutcome(run.outcome),
    lastErrorMessage: run.lastErrorMessage,
    lastStopReason: run.stopReasons.at(-1),
  };
}

/** Every case through every version: the whole side-by-side table. */
export async function measureTurnLimitTable(cases: readonly TurnLimitCase[] = turnLimitCases): Promise<TurnLimitRow[]> {
  const rows: TurnLimitRow[] = [];
  for (const c of cases) {
    for (const { variant } of versions) rows.push(await measureCase(variant, c));
  }
  return rows;
}

const SCRIPT_PLUS_ONE = "the script length + 1";

/** Candidate explanations of a request count, tried in this order. */
const explanations = [
  { says: SCRIPT_PLUS_ONE, fits: (r: TurnLimitRow) => r.providerRequests === r.scriptedResponses + 1 },
  { says: "maxTurns", fits: (r: TurnLimitRow) => r.providerRequests === r.maxTurns },
  { says: "maxAttempts", fits: (r: TurnLimitRow) => r.providerRequests === r.maxAttempts },
] as const;

/** Which explanation fits every row of a group, or undefined when none does. */
export function explainRequests(rows: readonly TurnLimitRow[]): string | undefined {
  if (rows.length === 0) return undefined;
  return explanations.find((e) => rows.every(e.fits))?.says;
}

function group(rows: readonly TurnLimitRow[], variant: Variant, scenario?: Scenario): TurnLimitRow[] {
  return rows.filter((r) => r.variant === variant && (scenario === undefined || r.scenario === scenario));
}

/** The one error message every row ended on, or undefined when they differ. */
function sharedLastError(rows: readonly TurnLimitRow[]): string | undefined {
  const messages = new Set(rows.map((r) => r.lastErrorMessage));
  return messages.size === 1 ? [...messages][0] : undefined;
}

/** One sentence, computed from the rows, on what the 31 and the 7 depend on. */
export function conclusion(rows: readonly TurnLimitRow[]): string {
  const v1Rows = group(rows, "no-turn-bound", "never submits");
  const v2Rows = group(rows, "unfixed-guard", "submit + lookup every turn");
  const fixedRows = group(rows, "fixed");
  const say = (what: string | undefined) => what ?? "no single parameter (see the rows)";
  const endedOn = sharedLastError([...v1Rows, ...v2Rows]);
  const extraStreamCall = fixedRows.every((r) => r.streamFnCalls === r.providerRequests + 1);
  const v1 = explainRequests(v1Rows);
  const v2 = explainRequests(v2Rows);
  const scriptOnly = v1 === SCRIPT_PLUS_ONE && v2 === SCRIPT_PLUS_ONE;
  return (
    `Measured: the first version's count (book: ${BOOK_FIGURES.noTurnBound.requests}) is ${say(v1)} ` +
    `and the unfixed guard's (book: ${BOOK_FIGURES.unfixedGuard.requests}) is ${say(v2)}` +
    (scriptOnly ? " whatever maxAttempts and maxTurns are" : "") +
    (endedOn === undefined ? "" : ` (each of those runs ended on the provider's "${endedOn}")`) +
    `; the fix made ${say(explainRequests(fixedRows))} requests in every row` +
    (extraStreamCall ? `, plus one stream-function call after abort() that never reached the provider.` : ".")
  );
}

/** What the columns count. */
/** What each version's turn guard is, as the chapter tells the bug's history. */
const VARIANT_LEGEND: Record<Variant, string> = {
  "no-turn-bound": "step() before any turn limit: only maxAttempts (failed submits) ends a run early",
  "unfixed-guard":
    "the first turn limit, turns >= maxTurns && no value stored yet: after a submit, maxTurns stops nothing",
  fixed: "step.ts, turns >= maxTurns: the run is aborted at the maxTurns-th turn_end whatever it holds",
};

/**
 * The legend printed above the table: every column and version, and why the fixed version
 * counts one turn more than maxTurns, said only as far as the rows show it.
 */
export function legend(rows: readonly TurnLimitRow[]): string {
  const lines = [
    "variant            which step(): the three differ only in the turn guard",
    ...versions.map(({ variant }) => `  ${variant.padEnd(17)}${VARIANT_LEGEND[variant]}`),
    "scenario           the scripted model: never calls submit (only lookup), or calls submit and lookup in every response",
    'scripted           responses queued in the faux provider; one request more gets "No more faux responses queued"',
    "maxTurns           the turn bound passed to step(); maxAttempts: the bound on failed submit calls",
    "provider requests  requests that reached the faux provider (faux.state.callCount)",
    "stream-fn calls    calls the agent made to its stream function, reaching the provider or not",
    "turns              turn_end events the agent emitted",
    "outcome            the value step() returned (JSON), or the kind of StepFailed it threw",
  ];
  // Why the fixed version shows maxTurns + 1 turns: measured, not assumed.
  const fixedStopped = rows.filter((r) => r.variant === "fixed" && r.providerRequests === r.maxTurns);
  const oneMore = fixedStopped.filter((r) => r.turns === r.maxTurns + 1 && r.streamFnCalls === r.maxTurns + 1);
  if (fixedStopped.length > 0 && oneMore.length === fixedStopped.length) {
    const reasons = [
      ...new Set(oneMore.map((r) => `"${r.lastStopReason ?? "none"}" (${r.lastErrorMessage ?? "no message"})`)),
    ];
    lines.push(
      "",
      `fixed shows turns = maxTurns + 1 (e.g. 11 at maxTurns 10) in all ${oneMore.length} rows it stopped at maxTurns requests: abort() at the`,
      "maxTurns-th turn_end does not end the loop at once; it starts one more turn whose stream-function call never reaches",
      "the provider (requests = maxTurns, stream-fn calls = maxTurns + 1): it ends with its own turn_end and the stop",
      `reason ${reasons.join(" or ")}. maxTurns bounds the requests, not the turn_end events.`,
    );
  } else if (fixedStopped.length > 0) {
    lines.push(
      "",
      `fixed: ${oneMore.length} of ${fixedStopped.length} rows that stopped at maxTurns requests show maxTurns + 1 turns (see the rows).`,
    );
  }
  return lines.join("\n");
}

const COLUMNS: readonly [string, (r: TurnLimitRow) => string][] = [
  ["variant", (r) => r.variant],
  ["scenario", (r) => r.scenario],
  ["scripted", (r) => String(r.scriptedResponses)],
  ["maxTurns", (r) => String(r.maxTurns)],
  ["maxAttempts", (r) => String(r.maxAttempts)],
  ["provider requests", (r) => String(r.providerRequests)],
  ["stream-fn calls", (r) => String(r.streamFnCalls)],
  ["turns", (r) => String(r.turns)],
  ["outcome", (r) => r.outcome],
];

/** The rows as a plain-text table, the three versions of each case grouped together. */
export function formatTable(rows: readonly TurnLimitRow[]): string {
  return textTable(
    COLUMNS.map(([title]) => title),
    rows.map((r) => COLUMNS.map(([, cell]) => cell(r))),
    versions.length,
  );
}
