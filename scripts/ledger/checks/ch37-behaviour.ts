import { compileLater, type CompileDiagnostic } from "../../../examples/support/compile.ts";
import type * as CountingStreamFn from "../../../examples/ch37-agent-core/counting-stream-fn.ts";
import type * as Events from "../../../examples/ch37-agent-core/events.ts";
import type * as ListenerOrder from "../../../examples/ch37-agent-core/listener-order.ts";
import type * as ListingsCompile from "../../../examples/ch37-agent-core/harness/listings-compile.ts";
import type * as LookupBounds from "../../../examples/ch37-agent-core/lookup-bounds.ts";
import type * as MessageEndBarrier from "../../../examples/ch37-agent-core/message-end-barrier.ts";
import type * as NoAgentsMd from "../../../examples/ch37-agent-core/no-agents-md.ts";
import type * as ParamsConversion from "../../../examples/ch37-agent-core/params-conversion.ts";
import type * as ParamsValidation from "../../../examples/ch37-agent-core/params-validation.ts";
import type * as PresetSystemMessage from "../../../examples/ch37-agent-core/preset-system-message.ts";
import type * as QueuesOnFailedEnd from "../../../examples/ch37-agent-core/queues-on-failed-end.ts";
import type * as ThrowingListener from "../../../examples/ch37-agent-core/throwing-listener.ts";
import type * as ReplaceMessages from "../../../examples/ch37-agent-core/replace-messages.ts";
import type * as Steering from "../../../examples/ch37-agent-core/steering.ts";
import type * as StreamOptions from "../../../examples/ch37-agent-core/stream-options.ts";
import type * as StructuredContent from "../../../examples/ch37-agent-core/structured-content.ts";
import type * as SystemMessage from "../../../examples/ch37-agent-core/system-message.ts";
import type * as ToolConcurrency from "../../../examples/ch37-agent-core/tool-concurrency.ts";
import type * as ToolFailures from "../../../examples/ch37-agent-core/tool-failures.ts";
import type * as TranscriptRun from "../../../examples/ch37-agent-core/transcript-run.ts";
import type * as ReplayMetadata from "../../../examples/ch37-agent-core/replay-metadata.ts";
import type * as ReplayReads from "../../../examples/ch37-agent-core/harness/replay-reads.ts";
import type * as ToolDetails from "../../../examples/ch37-agent-core/tool-details.ts";
import type * as TypeExport from "../../../examples/ch37-agent-core/type-export.ts";
import type * as UnregisteredTools from "../../../examples/ch37-agent-core/unregistered-tools.ts";
import type * as WirePayloads from "../../../examples/ch37-agent-core/wire-payloads.ts";
import { notCheckable, qualified, verdictOf, type Check, type CheckResult } from "../check.ts";
import { exampleFolder, failsWhenListingDoesNotLoad } from "../load-listing.ts";
import { once } from "../once.ts";
import { installedPi } from "../static/installed.ts";
import { compileAboutPi } from "../../port/compile-ported.ts";
import { activePort } from "../../port/through-port.ts";

type QueueKind = Steering.QueueKind;
type QueueRun = Steering.QueueRun;

// The chapter's modules are imported when a check first runs, never when the ledger loads:
// a release that breaks one listing then costs the claims that run it, not the whole ledger.
const ch37 = exampleFolder("ch37-agent-core");
const barrier = ch37<typeof MessageEndBarrier>("message-end-barrier.ts");
const countingStreamFn = ch37<typeof CountingStreamFn>("counting-stream-fn.ts");
const events = ch37<typeof Events>("events.ts");
const listingsCompile = ch37<typeof ListingsCompile>("harness/listings-compile.ts");
const listenerOrder = ch37<typeof ListenerOrder>("listener-order.ts");
const lookupBounds = ch37<typeof LookupBounds>("lookup-bounds.ts");
const noAgentsMd = ch37<typeof NoAgentsMd>("no-agents-md.ts");
const paramsValidation = ch37<typeof ParamsValidation>("params-validation.ts");
const replaceMessages = ch37<typeof ReplaceMessages>("replace-messages.ts");
const steering = ch37<typeof Steering>("steering.ts");
const streamOptions = ch37<typeof StreamOptions>("stream-options.ts");
const structuredContent = ch37<typeof StructuredContent>("structured-content.ts");
const systemMessage = ch37<typeof SystemMessage>("system-message.ts");
const toolConcurrency = ch37<typeof ToolConcurrency>("tool-concurrency.ts");
const toolFailures = ch37<typeof ToolFailures>("tool-failures.ts");
const transcriptRun = ch37<typeof TranscriptRun>("transcript-run.ts");
const typeExport = ch37<typeof TypeExport>("type-export.ts");
const unregisteredTools = ch37<typeof UnregisteredTools>("unregistered-tools.ts");
const toolDetails = ch37<typeof ToolDetails>("tool-details.ts");
const replayMetadata = ch37<typeof ReplayMetadata>("replay-metadata.ts");
const replayReads = ch37<typeof ReplayReads>("harness/replay-reads.ts");
const paramsConversion = ch37<typeof ParamsConversion>("params-conversion.ts");
const wirePayloads = ch37<typeof WirePayloads>("wire-payloads.ts");
const presetSystemMessage = ch37<typeof PresetSystemMessage>("preset-system-message.ts");
const queuesOnFailedEnd = ch37<typeof QueuesOnFailedEnd>("queues-on-failed-end.ts");
const throwingListener = ch37<typeof ThrowingListener>("throwing-listener.ts");
// The files listings-compile.ts type-checks, named here (that module loads only when a check
// runs) so that one program checks them with the rest of the ledger; a test holds the lists equal.
const CH37_TYPE_CHECKED = ["untyped-params.fails-to-compile.ts", "research-agent.ts"].map(
  (f) => `examples/ch37-agent-core/${f}`,
);
compileLater(CH37_TYPE_CHECKED);

const research = once(async () => (await transcriptRun()).runResearch("release"));
const miss = once(async () => (await transcriptRun()).runResearch("dividend"));
const failures = once(async () => (await toolFailures()).runToolFailures());
const concurrency = once(async () => {
  const { measureToolConcurrency } = await toolConcurrency();
  return { parallel: await measureToolConcurrency("default"), sequential: await measureToolConcurrency("one-sequential") };
});
const QUEUE_CASES = [
  ["steer", "all"],
  ["steer", "one-at-a-time"],
  ["followUp", "all"],
  ["followUp", "one-at-a-time"],
] as const;
const queues = once(async () => {
  const { runQueueScenario } = await steering();
  const runs: QueueRun[] = [];
  for (const [queue, mode] of QUEUE_CASES) runs.push(await runQueueScenario(queue, mode));
  return runs;
});
const queueRun = async (queue: QueueKind, mode: QueueRun["mode"]) =>
  (await queues()).find((run) => run.queue === queue && run.mode === mode)!;

const END_WORDS: Record<ListenerOrder.RunEnd, string> = {
  stop: "the model stops",
  error: "the request ends in error",
  aborted: "the request ends aborted",
  "listener-threw": "an earlier listener throws once at turn_end",
};

const list = (items: readonly unknown[]) => (items.length === 0 ? "none" : items.join(", "));
const describeDiagnostic = (d: CompileDiagnostic) => `TS${d.code} at line ${d.line ?? "?"}: ${d.message.split("\n").at(-1)!.trim()}`;

/** Runs a listing check when the install can be compiled against, or says why not. */
async function withListings(judge: (listings: ListingsCompile.ListingVerdicts) => CheckResult): Promise<CheckResult> {
  const listings = (await listingsCompile()).compileChapterListings();
  if ("kind" in listings) return notCheckable(`cannot type-check the listings: ${listings.message}`);
  return judge(listings);
}

/**
 * Runs a check of a claim about Pi's declarations on the listings: compiled as printed where
 * no port applies (the pin), and through the release's port where one does, since the printed
 * import lines decide nothing about such a claim. `through` is " through <port>" or "".
 */
async function withListingsAboutPi(judge: (listings: ListingsCompile.ListingVerdicts, through: string) => CheckResult): Promise<CheckResult> {
  if (activePort() === undefined) return withListings((listings) => judge(listings, ""));
  const { LISTINGS, listingVerdicts } = await listingsCompile();
  const { diagnostics, port } = compileAboutPi(Object.values(LISTINGS), installedPi().dirs);
  return judge(listingVerdicts(diagnostics), port === undefined ? "" : ` through ${port.name}`);
}

/**
 * The book's case holds: whether every chat adapter of pi-ai lets the model tell an error
 * result from a plain one, or which send the two alike (`what` names the result).
 */
export async function errorFlagVerdict(bookCase: string, what: string): Promise<CheckResult> {
  const wire = await (await wirePayloads()).errorFlagOnWire();
  const captured = wire.flatMap((w) => (w.captured ? [w] : []));
  const alike = captured.filter((w) => !w.distinguishable).map((w) => w.api);
  const marked = captured.filter((w) => w.distinguishable).map((w) => w.api);
  const missed = wire.flatMap((w) => (w.captured ? [] : [`${w.api} (${w.reason})`]));
  const across = `${what} in the request body of each of pi-ai's ${wire.length} chat adapters: marked as an error by ${list(marked)}`;
  if (alike.length > 0)
    return qualified(`${bookCase}; ${across}`, `${list(alike)} send${alike.length === 1 ? "s" : ""} ${what} exactly as the same result without isError: the model can tell it only from the text`);
  if (missed.length > 0) return notCheckable(`${bookCase}; ${across}; not captured: ${missed.join(", ")}`);
  return verdictOf(true, `${bookCase}; ${across}`);
}

function failureEvidence(outcome: ToolFailures.FailureOutcome | undefined): string {
  if (!outcome) return "no tool result recorded";
  return `${outcome.tool}: transcript isError ${outcome.isError}, tool_execution_end isError ${outcome.isErrorInEvent}, next request carried it as error ${outcome.modelSawError}, text "${outcome.text}"`;
}

const neighbours = (run: QueueRun) =>
  run.precededBy.map((n) => (n.role === "assistant" ? `assistant(${n.stopReason}${n.hasToolCalls ? ", tool calls" : ""})` : n.role)).join(" → ");

const checks: Check[] = [
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
    id: "ch37.types.streamfn-compiles",
    asksTypeChecker: true,
    run: () =>
      withListingsAboutPi(({ researchAgent: { file, diagnostics } }, through) =>
        verdictOf(
          diagnostics.length === 0,
          `${file}${through} (streamFn: models.streamSimple.bind(models), initialState { systemPrompt, model, tools }): ` +
            `${diagnostics.length} diagnostics${diagnostics.length ? `: ${diagnostics.map(describeDiagnostic).join("; ")}` : ""}`,
        ),
      ),
  },
  {
    id: "ch37.code.listing-compiles",
    asksTypeChecker: true,
    run: () =>
      withListings(({ researchAgent }) => {
        const all = researchAgent.diagnostics;
        return verdictOf(
          all.length === 0,
          `${researchAgent.file}: ${all.length} diagnostics${all.length ? `: ${all.map(describeDiagnostic).join("; ")}` : ""}`,
        );
      }),
  },
  {
    id: "ch37.transcript.shape",
    run: async () => {
      const { roles } = await research();
      return verdictOf(roles.join() === "user,assistant,toolResult,assistant", `non-system roles: ${list(roles)}`);
    },
  },
  {
    id: "ch37.callcount.two",
    run: async () => {
      const { providerCalls } = await research();
      return verdictOf(providerCalls === 2, `faux.state.callCount = ${providerCalls} for one lookup then an answer`);
    },
  },
  {
    id: "ch37.lookup.hit-path",
    run: async () => {
      const { toolResult, secondRequestRoles, secondRequestCarriesResult } = await research();
      const lines = toolResult?.text.split("\n") ?? [];
      const allTagged = lines.length > 0 && lines.every((line) => /^\[[^\]]+\] /.test(line));
      return verdictOf(
        toolResult !== undefined && !toolResult.isError && allTagged && secondRequestCarriesResult,
        `toolResult isError ${toolResult?.isError}, ${lines.length} "[id] excerpt" lines (hits ${list(toolResult?.details?.hits ?? [])}); ` +
          `second request roles ${list(secondRequestRoles)}, carries the result ${secondRequestCarriesResult}`,
      );
    },
  },
  {
    id: "ch37.nomatch.ordinary-content",
    run: async () => {
      const { toolResult, secondRequestCarriesResult, finalAnswer } = await miss();
      return verdictOf(
        toolResult?.text === "no matches" && !toolResult.isError && secondRequestCarriesResult && finalAnswer?.stopReason === "stop",
        `query "dividend": text "${toolResult?.text}", isError ${toolResult?.isError}; the model was asked again with it ${secondRequestCarriesResult} and answered (${finalAnswer?.stopReason})`,
      );
    },
  },
  {
    id: "ch37.lookup.bounded",
    run: async () => {
      const run = await (await lookupBounds()).measureLookupBounds();
      return verdictOf(
        run.hitLines === 5 && run.omittedLine && run.longestExcerpt <= 500 && run.contextBefore === 120,
        `${run.matching} matching texts: ${run.hitLines} shown, omitted line ${run.omittedLine}, longest excerpt ${run.longestExcerpt} chars, ${run.contextBefore} chars before the match`,
      );
    },
  },
  {
    id: "ch37.system-message-head",
    run: async () => {
      const head = await (await systemMessage()).inspectSystemMessage();
      const bookCase = `messages[0]: role ${head.headRole}, prompt equal ${head.promptMatches}, toolsAdded ${list(head.declaredTools)}; first request starts with ${head.requestHeadRole} (tools ${list(head.requestDeclaredTools)})`;
      if (!(head.headRole === "system" && head.promptMatches && head.declaredTools.includes("lookup_evidence") && head.requestHeadRole === "system")) {
        return verdictOf(false, bookCase);
      }
      const preset = await (await presetSystemMessage()).runWithPresetSystemMessage();
      return preset.promptRecorded
        ? verdictOf(true, `${bookCase}; initial messages starting with a system message: the prompt is still recorded`)
        : qualified(
            `${bookCase}; initialState.messages does not already start with a system message`,
            `initialState.messages starting with a system message: messages[0] is that message ("${preset.headText}"), the systemPrompt is recorded in none of the ` +
              `${preset.systemMessages} system messages and reached the first request ${preset.promptInRequest}`,
          );
    },
  },
  {
    id: "ch37.state.messages-replace-idle",
    run: async () => {
      const run = await (await replaceMessages()).runReplaceWhileIdle();
      return verdictOf(
        run.idleAtReplacement && run.carriesRestored && !run.carriesDiscarded,
        `assigned while idle ${run.idleAtReplacement}; next request's user texts: ${run.nextRequestUserTexts.map((t) => `"${t}"`).join(", ")}; discarded exchange still sent ${run.carriesDiscarded}`,
      );
    },
  },
  {
    id: "ch37.no-agents-md",
    run: async () => {
      const run = await (await noAgentsMd()).runBesideAgentsMd();
      return verdictOf(
        run.requests > 0 && run.markersInRequests.length === 0 && run.markersInTranscript.length === 0,
        `cwd holding ${list(run.filesPresent)}: ${run.requests} request(s); their text found in requests: ${list(run.markersInRequests)}, in transcript: ${list(run.markersInTranscript)}`,
      );
    },
  },
  {
    id: "ch37.tools.parallel-default",
    run: async () => {
      const { parallel } = await concurrency();
      return verdictOf(parallel.maxInFlight === 3, `3 ordinary tool calls in one batch: at most ${parallel.maxInFlight} in flight at once`);
    },
  },
  {
    id: "ch37.tools.sequential-mode",
    run: async () => {
      const { parallel, sequential } = await concurrency();
      return verdictOf(
        sequential.maxInFlight === 1 && parallel.maxInFlight > 1,
        `3 calls, one tool executionMode "sequential": at most ${sequential.maxInFlight} in flight (without it: ${parallel.maxInFlight})`,
      );
    },
  },
  {
    id: "ch37.tool.throw-to-iserror",
    run: async () => {
      const run = await failures();
      const { THROW_SHAPES, runThrowShape } = await toolFailures();
      const shapes = [];
      for (const shape of THROW_SHAPES) shapes.push(await runThrowShape(shape));
      const turned = shapes.filter((s) => s.isError === true && s.finalStopReason === "stop" && !s.promptRejected);
      return verdictOf(
        run.thrown?.isError === true && run.thrown.modelSawError && run.finalStopReason === "stop" && turned.length === shapes.length,
        `${failureEvidence(run.thrown)}; loop went on: ${run.providerCalls} requests, final stopReason ${run.finalStopReason}; ` +
          `an execute that ${shapes.map((s) => `${s.shape} → isError ${s.isError} "${s.text}", run ended ${s.finalStopReason}${s.promptRejected ? ", prompt() rejected" : ""}`).join("; ")}`,
      );
    },
  },
  {
    id: "ch37.tool.iserror-channel",
    run: async () => {
      const run = await failures();
      const bookCase = `${failureEvidence(run.reported)} (the faux provider reads the Context)`;
      if (!(run.reported?.isError === true && run.reported.modelSawError)) return verdictOf(false, bookCase);
      return errorFlagVerdict(bookCase, "an isError result");
    },
  },
  {
    id: "ch37.tool.structuredContent-not-model-text",
    run: async () => {
      const run = await (await structuredContent()).runStructuredContent();
      return verdictOf(
        run.inExecutionEndEvent && !run.inTranscriptMessage && !run.inNextRequest,
        `structuredContent in tool_execution_end ${run.inExecutionEndEvent}, in transcript toolResult ${run.inTranscriptMessage}, in next request ${run.inNextRequest}; model text "${run.modelVisibleText}"`,
      );
    },
  },
  {
    id: "ch37.tool.params-validated-before-execute",
    run: async () => {
      const outcomes = await (await paramsValidation()).runArgumentValidation();
      const invalid = outcomes.filter((o) => JSON.stringify(o.args) !== JSON.stringify({ query: "release" }));
      const valid = outcomes.filter((o) => !invalid.includes(o));
      const describe = (o: (typeof outcomes)[number]) => `${JSON.stringify(o.args)} → ${o.reachedExecute ? "executed" : "not executed"}${o.isError ? " (error result)" : ""}`;
      const bookCase = outcomes.map(describe).join("; ");
      if (!(invalid.every((o) => !o.reachedExecute && o.isError) && valid.every((o) => o.reachedExecute && !o.isError))) return verdictOf(false, bookCase);
      const converted = await (await paramsConversion()).runConvertedArguments();
      const conversion =
        `${JSON.stringify(converted.sent)} (schema-valid as sent: ${converted.validAsSent}) → ` +
        (converted.executedWith === undefined
          ? `not executed (error result ${converted.isError})`
          : `execute received ${JSON.stringify(converted.executedWith)}, which passes the schema: ${converted.executedWithValid}`);
      return verdictOf(
        converted.executedWith === undefined || converted.executedWithValid,
        `${bookCase}; ${conversion}` +
          (converted.executedWith !== undefined && !converted.validAsSent ? " (the core converted the model's arguments before validating them: ch38.found.argument-conversion)" : ""),
      );
    },
  },
  {
    id: "ch37.events.runtime-names",
    run: async () => {
      const run = await (await events()).collectRuntimeEvents();
      return verdictOf(
        run.missing.length === 0 && run.extra.length === 0,
        `delivered ${run.distinct.length} distinct types (${run.distinct.join(", ")}); missing ${list(run.missing)}; extra ${list(run.extra)}`,
      );
    },
  },
  {
    id: "ch37.listeners.awaited-in-order",
    run: async () => {
      const run = await (await listenerOrder()).measureListenerOrder();
      return verdictOf(
        run.events > 0 && run.overlaps === 0 && run.outOfOrder === 0,
        `${run.events} events, slow first listener: second started early ${run.overlaps} times, out of order ${run.outOfOrder} times`,
      );
    },
  },
  {
    id: "ch37.prompt.settles-after-agent_end-listeners",
    run: async () => {
      const { measurePromptSettlement } = await listenerOrder();
      const runs: [ListenerOrder.RunEnd, ListenerOrder.PromptSettlementRun][] = [];
      for (const end of ["stop", "error", "aborted", "listener-threw"] as const) runs.push([end, await measurePromptSettlement(end)]);
      const early = runs.filter(([, run]) => !(run.listenerEntered && !run.settledWhileListenerHeld));
      const describe = ([end, run]: (typeof runs)[number]) => `${END_WORDS[end]}: ${run.order.join(" → ")}`;
      return verdictOf(
        early.length === 0,
        `a slow agent_end listener, held until released: ${runs.map(describe).join("; ")}` +
          `; a listener that throws at every agent_end keeps the later ones from being called at all (a delivery fact: ch37.found.throwing-listener-ends-run)`,
      );
    },
  },
  {
    id: "ch37.agent.message_end-barrier",
    run: async () => {
      const run = await (await barrier()).measureAgentBarrier();
      return verdictOf(
        run.hostStateHadAssistantAtPreflight && run.handlerFinishedBeforePreflight,
        `Agent: beforeToolCall saw the assistant message in agent.state.messages ${run.hostStateHadAssistantAtPreflight}; order ${run.order.slice(0, 4).join(" → ")}`,
      );
    },
  },
  {
    id: "ch37.agentloop.observational",
    run: async () => {
      const run = await (await barrier()).measureAgentLoopObservation();
      return verdictOf(
        !run.handlerFinishedBeforeExecute,
        `agentLoop(): tool executed before the consumer's message_end handling finished ${!run.handlerFinishedBeforeExecute}; order ${run.order.slice(0, 4).join(" → ")}`,
      );
    },
  },
  {
    id: "ch37.steer.after-current-turn",
    run: async () => {
      const run = await queueRun("steer", "all");
      const last = run.precededBy.at(-1);
      const bookCase = `steered while the tool ran: tool finished first ${run.toolFinishedFirst}; delivered after ${neighbours(run)}; new steering per request ${run.newPerRequest.join(", ")}`;
      if (!(run.toolFinishedFirst && last?.role === "toolResult" && run.newPerRequest[0] === 0 && run.newPerRequest[1] === 2)) return verdictOf(false, bookCase);
      const { runSteerOnFailedEnd } = await queuesOnFailedEnd();
      const failed = [await runSteerOnFailedEnd("error"), await runSteerOnFailedEnd("aborted")];
      const late = failed.filter((r) => r.queuedAfterRun || !r.deliveredInRun);
      const describeFailed = (r: QueuesOnFailedEnd.FailedEndSteerRun) =>
        `steered while a request ran that ended ${r.stopReason}: delivered in that run ${r.deliveredInRun}, still queued after it ${r.queuedAfterRun}; ` +
        `the next prompt's request carried the user messages ${r.nextRequestUserTexts.map((t) => `"${t}"`).join(" → ")}`;
      return late.length > 0
        ? qualified(`${bookCase}; the current request ends normally (stop or toolUse)`, late.map(describeFailed).join("; "))
        : verdictOf(true, `${bookCase}; ${failed.map(describeFailed).join("; ")}`);
    },
  },
  {
    id: "ch37.followup.only-when-stopping",
    run: async () => {
      const run = await queueRun("followUp", "all");
      const last = run.precededBy.at(-1);
      return verdictOf(
        run.newPerRequest[1] === 0 && last?.role === "assistant" && last.stopReason === "stop" && !last.hasToolCalls,
        `queued while the tool ran: new follow-ups per request ${run.newPerRequest.join(", ")}; delivered after ${neighbours(run)}`,
      );
    },
  },
  {
    id: "ch37.queues.processed-before-agent_end",
    run: async () => {
      const runs = await queues();
      const ok = runs.every((r) => r.agentEnds === 1 && r.allDeliveredBeforeAgentEnd && !r.queuedAfterRun);
      const bookCase = runs.map((r) => `${r.queue}/${r.mode}: agent_end ×${r.agentEnds}, all delivered before it ${r.allDeliveredBeforeAgentEnd}, left queued ${r.queuedAfterRun}`).join("; ");
      if (!ok) return verdictOf(false, bookCase);
      const { runQueueOnFailedEnd } = await queuesOnFailedEnd();
      const failed = [await runQueueOnFailedEnd("error"), await runQueueOnFailedEnd("aborted")];
      const leftQueued = failed.filter((r) => r.queuedAfterRun || !r.followUpDelivered);
      const describeFailed = (r: QueuesOnFailedEnd.FailedEndQueueRun) =>
        `follow-up queued during a lookup, next request ends ${r.stopReason}: agent_end ×${r.agentEnds}, delivered ${r.followUpDelivered}, left queued ${r.queuedAfterRun}`;
      return leftQueued.length > 0
        ? qualified(`${bookCase}; the run ends with an ordinary stop`, leftQueued.map(describeFailed).join("; "))
        : verdictOf(true, `${bookCase}; ${failed.map(describeFailed).join("; ")}`);
    },
  },
  {
    id: "ch37.steer-followup.modes",
    run: async () => {
      const runs = await queues();
      const deliveries = (r: QueueRun) => r.newPerRequest.filter((n) => n > 0);
      const ok = runs.every((r) => deliveries(r).join() === (r.mode === "all" ? "2" : "1,1"));
      return verdictOf(ok, runs.map((r) => `${r.queue}/${r.mode}: deliveries of ${list(deliveries(r))}`).join("; "));
    },
  },
  {
    id: "ch37.streamfn.models-streamSimple",
    run: async () => {
      const direct = await research();
      const swapped = await (await countingStreamFn()).runWithCountingStreamFn();
      return verdictOf(
        direct.providerCalls === 2 && direct.finalAnswer?.stopReason === "stop" && swapped.requestsSeenByWrapper === swapped.providerCalls,
        `streamSimple.bind(models): ${direct.providerCalls} requests, final stopReason ${direct.finalAnswer?.stopReason}; ` +
          `counting wrapper swapped in saw ${swapped.requestsSeenByWrapper} of ${swapped.providerCalls} provider calls`,
      );
    },
  },
  {
    id: "ch37.options.transport-getApiKey",
    run: async () => {
      const run = await (await streamOptions()).captureStreamOptions();
      return verdictOf(
        run.transportSeen === run.transportSet && run.getApiKeyAskedFor.length > 0 && run.apiKeySeen === `key-for-${run.getApiKeyAskedFor[0]}`,
        `transport set ${run.transportSet}, streamFn saw ${run.transportSeen}; getApiKey asked for ${list(run.getApiKeyAskedFor)}, streamFn saw apiKey ${run.apiKeySeen}`,
      );
    },
  },
  {
    id: "ch37.code.type-export",
    run: async () => {
      const run = (await typeExport()).inspectTypeExport();
      return verdictOf(
        run.typeofObjectBuilder === "function" && run.lookupParamsSchema.type === "object",
        `typeof Type ${run.typeofType}, typeof Type.Object ${run.typeofObjectBuilder}; LookupParams = { type: ${run.lookupParamsSchema.type}, query: ${run.lookupParamsSchema.queryType} }`,
      );
    },
  },
  {
    id: "ch37.tools.unregistered-not-invocable",
    run: async () => {
      const run = await (await unregisteredTools()).runUnregisteredToolCalls();
      const answered = run.calls.every((c) => c.isError === true && c.modelSawError);
      return verdictOf(
        answered && run.filesCreated.length === 0 && run.registeredToolRan,
        `research agent (only lookup_evidence registered), one batch calling bash, edit, write and lookup_evidence: ` +
          run.calls.map((c) => `${c.tool} → ${c.isError ? "error result" : "no error"} "${c.text}"${c.modelSawError ? ", sent back to the model" : ""}`).join("; ") +
          `; files they asked to create: ${list(run.filesCreated)}; lookup_evidence in the same batch ran ${run.registeredToolRan}; ` +
          `run ended ${run.finalStopReason} after ${run.providerRequests} requests`,
      );
    },
  },
  {
    id: "ch37.tool.details-not-model-text",
    run: async () => {
      const run = await (await toolDetails()).runToolDetails();
      const captured = run.payloads.filter((p) => p.captured);
      const carrying = captured.filter((p) => p.carriesDetails).map((p) => p.api);
      const leaving = captured.filter((p) => !p.carriesDetails).map((p) => p.api);
      const missed = run.payloads.flatMap((p) => (p.captured ? [] : [`${p.api} (${p.reason})`]));
      const kept =
        `a succeeding and a failing (isError) tool with details: kept on tool_execution_end ×${run.inExecutionEndEvents} and on the transcript's toolResult ×${run.inTranscriptMessages}; ` +
        `model text ${run.modelVisibleTexts.map((t) => `"${t}"`).join(", ")}; details in the Context handed to the stream function ${run.inStreamFnContext}`;
      const wire = `the next request's body, built by each of pi-ai's ${run.payloads.length} chat adapters: without details ${list(leaving)}; with details ${list(carrying)}`;
      if (!(run.inExecutionEndEvents === 2 && run.inTranscriptMessages === 2 && leaving.length > 0)) return verdictOf(false, `${kept}; ${wire}`);
      if (carrying.length > 0) return qualified(`${kept}; ${wire.replace(/; with details.*/, "")}`, `${list(carrying)} sends the whole context, details included, as the request body`);
      if (missed.length > 0) return notCheckable(`${kept}; ${wire}; not captured: ${missed.join(", ")}`);
      return verdictOf(true, `${kept}; ${wire}`);
    },
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
        `the same tool with replay unset, "never" and "safe", ends ${REPLAY_ENDS.join(", ")} (the aborted run prompted again): ` +
          `${differing.length === 0 ? "identical executions, events, requests and transcripts" : `differs in ${differing.join(", ")}`}; ` +
          `reads of a property named replay in the core's ${files} dist .js files: ${reads.length === 0 ? "none" : reads.map((r) => `${r.file}:${r.line} ${r.code}`).join(", ")}`,
      );
    },
  },
];

/**
 * Chapter 37's behavioural claims, each decided from a scenario run against the installed
 * Pi; a claim whose listing does not load there `fails` with the loader's message.
 */
export const ch37BehaviourChecks: Check[] = checks.map(failsWhenListingDoesNotLoad);
