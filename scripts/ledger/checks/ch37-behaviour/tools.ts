import type * as ToolFailures from "../../../../examples/ch37-agent-core/tool-failures.ts";
import { verdictOf, type Check } from "../../check.ts";
import { listingsOf } from "../../load-listing.ts";
import { counterexampleCheck } from "../counterexample-check.ts";
import { once } from "../../once.ts";
import { facts, list } from "../evidence.ts";
import { describeDiagnostic, withListingsAboutPi } from "./listings-compiled.ts";

// Guide 37, "Tools: AgentTool": what the core does with a tool's parameters, result and failure.
const listing = listingsOf(import.meta.url);
const paramsConversion = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/params-conversion.ts"),
);
const paramsValidation = listing(
  () => import("../../../../examples/ch37-agent-core/demonstrations/params-validation.ts"),
);
const replayMetadata = listing(() => import("../../../../examples/ch37-agent-core/demonstrations/replay-metadata.ts"));
const replayReads = listing(() => import("../../probes/replay-reads.ts"));
const structuredContent = listing(() => import("../../../../examples/ch37-agent-core/structured-content.ts"));
const toolFailures = listing(() => import("../../../../examples/ch37-agent-core/tool-failures.ts"));

const failures = once(async () => (await toolFailures()).runToolFailures());

function failureEvidence(outcome: ToolFailures.FailureOutcome | undefined): string {
  if (!outcome) return "no tool result recorded";
  return `${outcome.tool}: transcript isError ${outcome.isError}, tool_execution_end isError ${outcome.isErrorInEvent}, next request carried it as error ${outcome.modelSawError}, text "${outcome.text}"`;
}

/** The claims of "Tools: AgentTool" that run code. */
export const toolChecks: Check[] = [
  {
    id: "ch37.types.untyped-params-unknown",
    asksTypeChecker: true,
    run: () =>
      withListingsAboutPi(({ untypedParams: { file, diagnostics, outcome } }, through) =>
        verdictOf(
          diagnostics.length > 0 && diagnostics.some((d) => d.message.includes("'unknown'")),
          `${file}${through}: ${diagnostics.length === 0 ? "compiles (no diagnostics)" : diagnostics.map(describeDiagnostic).join("; ")}` +
            ` (listing declares ${outcome.kind === "as-declared" ? "the same code" : outcome.message})`,
        ),
      ),
  },
  {
    id: "ch37.types.replay-metadata-only",
    run: async () => {
      const { REPLAY_ENDS, REPLAY_VALUES, runWithReplay } = await replayMetadata();
      const { replayReadsInCoreDist } = await replayReads();
      const differing: string[] = [];
      for (const end of REPLAY_ENDS) {
        const traces = [];
        for (const replay of REPLAY_VALUES) traces.push(await runWithReplay(replay, end));
        const [unset, ...others] = traces.map(({ replay: _replay, ...rest }) => JSON.stringify(rest));
        others.forEach((other, i) => {
          if (other !== unset) differing.push(`${end} with replay ${REPLAY_VALUES[i + 1]}`);
        });
      }
      const { files, reads } = replayReadsInCoreDist();
      return verdictOf(
        differing.length === 0 && reads.length === 0,
        facts(
          `the same tool with replay unset, "never" and "safe", ends ${REPLAY_ENDS.join(", ")} (the aborted run prompted again): ` +
            (differing.length === 0
              ? "identical executions, events, requests and transcripts"
              : `differs in ${differing.join(", ")}`),
          `reads of a property named replay in the core's ${files} dist .js files: ${list(reads.map((r) => `${r.file}:${r.line} ${r.code}`))}`,
        ),
      );
    },
  },
  {
    id: "ch37.tool.params-validated-before-execute",
    run: async () => {
      const outcomes = await (await paramsValidation()).runArgumentValidation();
      const invalid = outcomes.filter((o) => JSON.stringify(o.args) !== JSON.stringify({ query: "release" }));
      const valid = outcomes.filter((o) => !invalid.includes(o));
      const describe = (o: (typeof outcomes)[number]) =>
        `${JSON.stringify(o.args)} → ${o.reachedExecute ? "executed" : "not executed"}${o.isError ? " (error result)" : ""}`;
      const bookCase = facts(...outcomes.map(describe));
      if (!(invalid.every((o) => !o.reachedExecute && o.isError) && valid.every((o) => o.reachedExecute && !o.isError)))
        return verdictOf(false, bookCase);
      const converted = await (await paramsConversion()).runConvertedArguments();
      const conversion =
        `${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) → ` +
        (converted.executedWith === undefined
          ? `not executed (error result ${converted.isError})`
          : `execute received ${JSON.stringify(converted.executedWith)}, which passes the schema: ${converted.executedWithValid}`);
      const convertedFirst = converted.executedWith !== undefined && !converted.validAsSent;
      return verdictOf(
        converted.executedWith === undefined || converted.executedWithValid,
        facts(bookCase, conversion) +
          (convertedFirst
            ? " (the core converted the model's arguments before validating them: ch38.found.argument-conversion)"
            : ""),
      );
    },
  },
  counterexampleCheck(
    "ch37.tool.details-not-model-text",
    listing(() => import("../../../../examples/ch37-agent-core/counterexamples/ch37.tool.details-not-model-text.ts")),
  ),
  {
    id: "ch37.tool.throw-to-iserror",
    run: async () => {
      const run = await failures();
      const { THROW_SHAPES, runThrowShape } = await toolFailures();
      const shapes: ToolFailures.ThrowShapeOutcome[] = [];
      for (const shape of THROW_SHAPES) shapes.push(await runThrowShape(shape));
      const turned = shapes.filter((s) => s.isError === true && s.finalStopReason === "stop" && !s.promptRejected);
      const describe = (s: ToolFailures.ThrowShapeOutcome) =>
        `${s.shape} → isError ${s.isError} "${s.text}", run ended ${s.finalStopReason}${s.promptRejected ? ", prompt() rejected" : ""}`;
      return verdictOf(
        run.thrown?.isError === true &&
          run.thrown.modelSawError &&
          run.finalStopReason === "stop" &&
          turned.length === shapes.length,
        facts(
          failureEvidence(run.thrown),
          `loop went on: ${run.providerCalls} requests, final stopReason ${run.finalStopReason}`,
          `an execute that ${facts(...shapes.map(describe))}`,
        ),
      );
    },
  },
  counterexampleCheck(
    "ch37.tool.iserror-channel",
    listing(() => import("../../../../examples/ch37-agent-core/counterexamples/ch37.tool.iserror-channel.ts")),
  ),
  {
    id: "ch37.tool.structuredContent-not-model-text",
    run: async () => {
      const run = await (await structuredContent()).runStructuredContent();
      return verdictOf(
        run.inExecutionEndEvent && !run.inTranscriptMessage && !run.inNextRequest,
        facts(
          `structuredContent in tool_execution_end ${run.inExecutionEndEvent}, in transcript toolResult ${run.inTranscriptMessage}, in next request ${run.inNextRequest}`,
          `model text "${run.modelVisibleText}"`,
        ),
      );
    },
  },
];
