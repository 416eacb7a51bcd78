import { BOOK_PIN, PACKAGE_NAMES, type InstalledPi } from "../../toolchain/pin.ts";
import { runWithCountingStreamFn } from "../../../examples/ch37-agent-core/counting-stream-fn.ts";
import { collectRuntimeEvents } from "../../../examples/ch37-agent-core/events.ts";
import { clip, textTable } from "../../../examples/support/text-table.ts";
import { fitLines } from "../../../examples/support/output-width.ts";
import { measureListenerOrder, measurePromptSettlement } from "../../../examples/ch37-agent-core/listener-order.ts";
import { compileChapterListings } from "../../ledger/probes/listings-compile.ts";
import { measureLookupBounds } from "../../../examples/ch37-agent-core/demonstrations/lookup-bounds.ts";
import {
  measureAgentBarrier,
  measureAgentLoopObservation,
} from "../../../examples/ch37-agent-core/message-end-barrier.ts";
import { runBesideAgentsMd } from "../../../examples/ch37-agent-core/demonstrations/no-agents-md.ts";
import {
  runArgumentValidationWithText,
  type ArgumentOutcomeText,
} from "../../../examples/ch37-agent-core/demonstrations/params-validation.ts";
import { runReplaceWhileIdle } from "../../../examples/ch37-agent-core/replace-messages.ts";
import { runQueueScenario, type QueueRun } from "../../../examples/ch37-agent-core/steering.ts";
import { captureStreamOptions } from "../../../examples/ch37-agent-core/stream-options.ts";
import { runStructuredContent } from "../../../examples/ch37-agent-core/structured-content.ts";
import { inspectSystemMessage } from "../../../examples/ch37-agent-core/system-message.ts";
import { measureToolConcurrency } from "../../../examples/ch37-agent-core/tool-concurrency.ts";
import { runToolFailures } from "../../../examples/ch37-agent-core/tool-failures.ts";
import { runResearch } from "../../../examples/ch37-agent-core/transcript-run.ts";

type Print = (text: string) => void;

/** Why counts that follow the streamed chunks differ between runs of the same script. */
const CHUNKING = "the faux provider splits each scripted text into chunks of random size";

const yesNo = (value: boolean | undefined) => (value === undefined ? "?" : value ? "yes" : "no");

/** A refused call's reasons (the result's "  - " lines), or the start of what the tool returned. */
function resultCell(outcome: ArgumentOutcomeText): string {
  if (!outcome.isError) return `ran: ${clip(outcome.firstLine, 50)}`;
  const reasons = outcome.text
    .split("\n")
    .filter((line) => line.startsWith("  - "))
    .map((line) => line.slice(4));
  return `error result: ${reasons.length > 0 ? reasons.join("; ") : outcome.firstLine}`;
}

function section(print: Print, title: string, body: string): void {
  print(`\n## ${title}\n\n${body}\n`);
}

/** Runs every chapter 37 demonstration against the installed Pi and prints what it measured. */
export async function printChapter37(
  installed: InstalledPi,
  print: Print = (text) => process.stdout.write(`${fitLines(text)}\n`),
): Promise<void> {
  print("# Chapter 37: the agent core on its own");
  print(
    `Measured against ${PACKAGE_NAMES.core} ${installed.core} and ${PACKAGE_NAMES.ai} ${installed.ai} on Node ${process.versions.node}` +
      ` (the book pins ${BOOK_PIN}; no figure here is a ${BOOK_PIN} measurement). Faux provider, scripted responses.`,
  );

  const hit = await runResearch("release");
  section(
    print,
    'The scripted run: lookup_evidence("release"), then an answer',
    textTable(
      ["#", "role", "says"],
      hit.transcript.map((m, i) => [String(i + 1), m.role, clip(m.says, 70)]),
    ) +
      `\n\nroles (system message left out): ${hit.roles.join(", ")}\nprovider calls (faux.state.callCount): ${hit.providerCalls}`,
  );

  const miss = await runResearch("dividend");
  const bounds = await measureLookupBounds();
  section(
    print,
    "Hit path and no-match path",
    textTable(
      ["query", "tool result", "isError", "model asked again with it", "answer"],
      [hit, miss].map((run) => [
        run.query,
        clip(run.toolResult?.text ?? "-", 40),
        yesNo(run.toolResult?.isError),
        yesNo(run.secondRequestCarriesResult),
        clip(run.finalAnswer?.text ?? "-", 40),
      ]),
    ) +
      `\n\nbounds: ${bounds.matching} matching long texts → ${bounds.hitLines} shown, "[Additional matches omitted]" ${yesNo(bounds.omittedLine)},` +
      ` excerpts ≤ ${bounds.longestExcerpt} chars starting ${bounds.contextBefore} before the match`,
  );

  const head = await inspectSystemMessage();
  section(
    print,
    "The leading system message",
    textTable(
      ["where", "role", "text", "tools declared"],
      [
        ["agent.state.messages[0]", head.headRole ?? "-", clip(head.headText, 50), head.declaredTools.join(", ")],
        [
          "first request, message 0",
          head.requestHeadRole ?? "-",
          clip(head.requestHeadText, 50),
          head.requestDeclaredTools.join(", "),
        ],
      ],
    ),
  );

  const agentsMd = await runBesideAgentsMd();
  section(
    print,
    "No resource discovery",
    `working directory holds ${agentsMd.filesPresent.join(" and ")}; ${agentsMd.requests} request(s) sent; ` +
      `their text found in a request: ${agentsMd.markersInRequests.length === 0 ? "none" : agentsMd.markersInRequests.join(", ")}`,
  );

  const events = await collectRuntimeEvents();
  section(
    print,
    "Events delivered to subscribe(), with a streaming tool",
    textTable(
      ["first seen", "event", "times"],
      events.distinct.map((type, i) => [
        String(i + 1),
        type,
        `${events.counts[type] ?? 0}${type === "message_update" ? " (varies run to run)" : ""}`,
      ]),
    ) +
      `\n\nmessage_update comes once per streamed chunk, and ${CHUNKING}.` +
      `\nmissing from the book's ten: ${events.missing.join(", ") || "none"}; not in the book's ten: ${events.extra.join(", ") || "none"}`,
  );

  const listeners = await measureListenerOrder();
  const settlement = await measurePromptSettlement();
  section(
    print,
    "Listeners",
    textTable(
      ["measurement", "result"],
      [
        [
          "events both listeners saw, the second after the first (first one slow)",
          `${listeners.events - listeners.outOfOrder} of ${listeners.events} (the total varies run to run, as message_update does)`,
        ],
        ["second listener started before the first finished", `${listeners.overlaps} times`],
        ["one event, in order", listeners.firstEventLog.join(" → ")],
        ["prompt() settled while agent_end listener held", yesNo(settlement.settledWhileListenerHeld)],
        ["after agent_end", settlement.order.join(" → ")],
      ],
    ),
  );

  const parallel = await measureToolConcurrency("default");
  const sequential = await measureToolConcurrency("one-sequential");
  section(
    print,
    "Tool execution: one batch of three calls",
    textTable(
      ["batch", "max in flight", "timeline"],
      [parallel, sequential].map((run) => [
        run.variant === "default" ? "three ordinary tools" : 'one tool executionMode "sequential"',
        String(run.maxInFlight),
        run.timeline.map((entry) => entry.replace("probe_", "")).join(", "),
      ]),
    ),
  );

  const failures = await runToolFailures();
  const structured = await runStructuredContent();
  const validation = await runArgumentValidationWithText();
  section(
    print,
    "Tool results that report failure",
    textTable(
      ["tool", "how it failed", "isError", "model saw an error result"],
      [
        [
          failures.thrown?.tool ?? "-",
          "throws",
          yesNo(failures.thrown?.isError),
          yesNo(failures.thrown?.modelSawError),
        ],
        [
          failures.reported?.tool ?? "-",
          "returns isError: true",
          yesNo(failures.reported?.isError),
          yesNo(failures.reported?.modelSawError),
        ],
      ],
    ) +
      `\n\nthe loop went on: ${failures.providerCalls} requests, final stopReason ${failures.finalStopReason}` +
      `\nstructuredContent: in tool_execution_end ${yesNo(structured.inExecutionEndEvent)}, in transcript ${yesNo(structured.inTranscriptMessage)}, in next request ${yesNo(structured.inNextRequest)}`,
  );
  section(
    print,
    "Tool arguments checked against the schema before execute (one batch of four lookup_evidence calls)",
    textTable(
      ["arguments", "reached execute", "tool result"],
      validation.map((o) => [JSON.stringify(o.args), yesNo(o.reachedExecute), resultCell(o)]),
    ),
  );

  const queues: QueueRun[] = [];
  for (const queue of ["steer", "followUp"] as const) {
    for (const mode of ["all", "one-at-a-time"] as const) queues.push(await runQueueScenario(queue, mode));
  }
  section(
    print,
    "steer() and followUp(): two messages queued while a tool runs",
    textTable(
      ["queue", "mode", "new queued messages per request", "first delivered after", "agent_end"],
      queues.map((run) => [
        `${run.queue}()`,
        run.mode,
        run.newPerRequest.join(", "),
        run.precededBy.map((n) => (n.role === "assistant" ? `assistant(${n.stopReason})` : n.role)).join(" → "),
        `×${run.agentEnds}`,
      ]),
    ),
  );

  const barrier = await measureAgentBarrier();
  const observational = await measureAgentLoopObservation();
  section(
    print,
    "Agent's message_end barrier against agentLoop()",
    textTable(
      ["driver", "host state had the assistant message at beforeToolCall", "order"],
      [barrier, observational].map((run) => [
        run.driver,
        yesNo(run.hostStateHadAssistantAtPreflight),
        run.order.slice(0, 4).join(" → "),
      ]),
    ),
  );

  const replaced = await runReplaceWhileIdle();
  section(
    print,
    "Replacing agent.state.messages while idle",
    textTable(
      ["request", "user messages sent"],
      [
        ["before the replacement", replaced.firstRequestUserTexts.join(" | ")],
        ["after the replacement", replaced.nextRequestUserTexts.join(" | ")],
      ],
    ),
  );

  const swapped = await runWithCountingStreamFn();
  const options = await captureStreamOptions();
  section(
    print,
    "The stream function",
    textTable(
      ["measurement", "result"],
      [
        ["requests seen by a counting streamFn swapped in", String(swapped.requestsSeenByWrapper)],
        ["provider calls", String(swapped.providerCalls)],
        ["roles with the wrapper", swapped.roles.join(", ")],
        [
          `transport set to ${options.transportSet}; streamFn received`,
          options.requests.map((r) => r.transport ?? "-").join(", "),
        ],
        ["keys getApiKey returned", options.keysIssued.join(", ")],
        ["key each request carried", options.requests.map((r) => r.apiKey ?? "-").join(", ")],
      ],
    ),
  );

  print("\nType-checking the chapter's listings against the installed declarations (takes several seconds)…");
  const listings = compileChapterListings();
  section(
    print,
    "Listings and the type checker",
    "kind" in listings
      ? `not checked: ${listings.message}`
      : textTable(
          ["listing", "declared", "produced", "as declared"],
          Object.values(listings).map(({ file, diagnostics, outcome }) => [
            file.replace("examples/ch37-agent-core/", ""),
            outcome.kind === "as-declared" ? codes(outcome.codes) : codes(outcome.declared),
            codes(diagnostics.map((d) => d.code)),
            yesNo(outcome.kind === "as-declared"),
          ]),
        ),
  );
}

function codes(list: readonly number[]): string {
  return list.length === 0 ? "compiles" : list.map((code) => `TS${code}`).join(", ");
}
