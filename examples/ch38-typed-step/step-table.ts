import type { AssistantMessage } from "@earendil-works/pi-ai";
import type { StepFailure, StepOptions } from "./step.ts";
import { SUBMIT } from "./support/book-step.ts";
import {
  abortedResponse,
  failedRequest,
  lookup,
  lookupTool,
  lookupToolNamed,
  prose,
  submit,
  times,
  toolUse,
  truncated,
} from "./support/script.ts";

/** What a row of the table expects step() to do. */
export type Expected =
  | { value: unknown; providerRequests: number }
  | { kind: StepFailure; providerRequests: number }
  | { thrown: "RangeError" | "Error"; providerRequests: 0 };

/** One row of chapter 38's test table: a scripted conversation and what step() must make of it. */
export interface StepTableRow {
  row: string;
  /** The claim id (claims.tsv) the row verifies. */
  claim: string;
  script: () => AssistantMessage[];
  options?: StepOptions;
  expected: Expected;
}

const supported = { verdict: "supported" };
const refuted = { verdict: "refuted" };
/** Not one of the schema's literals, so the core rejects it before submit's execute runs. */
const invalid = { verdict: "probably" };

// ANCHOR: table
export const stepTable: readonly StepTableRow[] = [
  {
    row: "valid first submission",
    claim: "recipe.no-third-outcome",
    script: () => [toolUse(submit(supported))],
    expected: { value: supported, providerRequests: 1 },
  },
  {
    row: "invalid then repaired",
    claim: "ch38.repair.after-invalid",
    script: () => [toolUse(submit(invalid)), toolUse(submit(supported))],
    expected: { value: supported, providerRequests: 2 },
  },
  {
    row: "same invalid value repeated until invalid-submissions",
    claim: "ch38.maxattempts.repeat-invalid",
    script: () => times(5, () => toolUse(submit(invalid))),
    expected: { kind: "invalid-submissions", providerRequests: 3 },
  },
  {
    row: "prose only",
    claim: "ch38.submit.only-success",
    script: () => [prose("The release shipped.")],
    expected: { kind: "no-submit", providerRequests: 1 },
  },
  {
    row: "a model that never submits",
    claim: "ch38.fixed.bounds-never-submit",
    script: () => times(12, () => toolUse(lookup())),
    options: { extraTools: [lookupTool()] },
    expected: { kind: "turn-limit", providerRequests: 10 },
  },
  {
    row: "a failed request",
    claim: "ch38.provider-kind",
    script: () => [failedRequest()],
    expected: { kind: "provider", providerRequests: 1 },
  },
  {
    row: "configuration guard: maxAttempts 0",
    claim: "ch38.config-guards",
    script: () => [toolUse(submit(supported))],
    options: { maxAttempts: 0 },
    expected: { thrown: "RangeError", providerRequests: 0 },
  },
  {
    row: "configuration guard: maxTurns 2.5",
    claim: "ch38.config-guards",
    script: () => [toolUse(submit(supported))],
    options: { maxTurns: 2.5 },
    expected: { thrown: "RangeError", providerRequests: 0 },
  },
  {
    row: "configuration guard: an extra tool named submit",
    claim: "ch38.config-guards",
    script: () => [toolUse(submit(supported))],
    options: { extraTools: [lookupToolNamed(SUBMIT)] },
    expected: { thrown: "Error", providerRequests: 0 },
  },
  {
    row: "submit batched with a non-terminating tool",
    claim: "ch38.fixed.exactly-maxTurns-requests",
    script: () => times(6, () => toolUse(submit(supported), lookup())),
    options: { maxTurns: 2, extraTools: [lookupTool()] },
    expected: { value: supported, providerRequests: 2 },
  },
  {
    row: "a mixed batch, then a failed request",
    claim: "ch38.mixed-then-fail-returns-earlier",
    script: () => [toolUse(submit(supported), lookup()), failedRequest()],
    options: { extraTools: [lookupTool()] },
    expected: { value: supported, providerRequests: 2 },
  },
  {
    row: "two submissions",
    claim: "ch38.first-submission-wins",
    script: () => [toolUse(submit(supported), lookup()), toolUse(submit(refuted))],
    options: { extraTools: [lookupTool()] },
    expected: { value: supported, providerRequests: 2 },
  },
  {
    row: "one invalid submit in a mixed batch",
    claim: "ch38.invalid-in-mixed-batch-counts-once",
    // With maxAttempts 2, a lookup that cost an attempt would end the run after the first response.
    script: () => [toolUse(submit(invalid), lookup()), toolUse(submit(supported))],
    options: { maxAttempts: 2, extraTools: [lookupTool()] },
    expected: { value: supported, providerRequests: 2 },
  },
  {
    row: "invalid submits in mixed batches until the budget is spent",
    claim: "ch38.invalid-mixed-exhausted",
    script: () => times(6, () => toolUse(submit(invalid), lookup())),
    options: { extraTools: [lookupTool()] },
    expected: { kind: "invalid-submissions", providerRequests: 3 },
  },
  {
    row: "an aborted response",
    claim: "ch38.provider-kind.aborted",
    script: () => [abortedResponse()],
    expected: { kind: "provider", providerRequests: 1 },
  },
];
// ANCHOR_END: table

/** A scripted conversation whose figures a test (and a ledger check) reads. */
export interface Scenario {
  claim: string;
  script: () => AssistantMessage[];
  options?: StepOptions;
}

// ANCHOR: counting
/** How failures are counted, as the chapter spells it out. */
export const countingScenarios = {
  /** With maxAttempts 2, one response with two failed submits ends the run before the repair. */
  twoFailedSubmitsInOneResponse: {
    claim: "ch38.maxattempts.per-failed-call",
    script: () => [toolUse(submit(invalid), submit({ verdict: "maybe" })), toolUse(submit(supported))],
    options: { maxAttempts: 2 },
  },
  /** maxAttempts 1: a lookup-only model, half its lookups failing their own schema (blank query). */
  lookupsOnly: {
    claim: "ch38.lookup-only-no-attempt",
    script: () => times(6, () => toolUse(lookup("release"), lookup(" "))),
    options: { maxAttempts: 1, maxTurns: 4, extraTools: [lookupTool()] },
  },
  /** maxAttempts 1: a schema-valid submit in a response cut off by the output limit. */
  validSubmitFailedByCore: {
    claim: "ch38.maxattempts.cause-agnostic",
    script: () => [truncated(submit(supported)), toolUse(submit(supported))],
    options: { maxAttempts: 1 },
  },
  /** A malformed submit, then the model gives up in prose. */
  malformedSubmit: {
    claim: "ch38.validation.before-execute",
    script: () => [toolUse(submit(invalid)), prose("I give up.")],
  },
  /** maxTurns 3 against a model that only looks things up. */
  boundAbortsFromListener: {
    claim: "ch38.abort.from-listener",
    script: () => times(6, () => toolUse(lookup())),
    options: { maxTurns: 3, extraTools: [lookupTool()] },
  },
} satisfies Record<string, Scenario>;
// ANCHOR_END: counting

/** The outcome a row expects, as one table cell (the same form as describeOutcome). */
export function describeExpected(expected: Expected): string {
  if ("value" in expected) return JSON.stringify(expected.value);
  if ("kind" in expected) return expected.kind;
  return expected.thrown;
}
