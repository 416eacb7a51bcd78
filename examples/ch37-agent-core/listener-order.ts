import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { releaseCorpus } from "./support/corpus.ts";
import { deferred, yieldMacrotasks } from "./support/event-loop.ts";
import { makeResearchAgent } from "./research-agent.ts";

/** How two slow listeners interleaved, measured over every event of a run. */
export interface ListenerOrderRun {
  events: number;
  /** Events for which the second listener started before the first had finished. */
  overlaps: number;
  /** Events for which the second listener ran before the first started. */
  outOfOrder: number;
  /** The log of the first event, e.g. ["first:start", "first:end", "second:start", "second:end"]. */
  firstEventLog: string[];
}

/**
 * Two listeners, registered first and second; the first awaits a few macrotask turns on
 * every event. If the core did not await listeners in order, the second would start while
 * the first is still waiting.
 */
export async function measureListenerOrder(): Promise<ListenerOrderRun> {
  const { models, model } = scriptedModels([fauxAssistantMessage("Yes: 2.4 shipped.")]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  const logs: string[][] = [];
  // ANCHOR: listener-order
  agent.subscribe(async () => {
    const log: string[] = ["first:start"];
    logs.push(log);
    await yieldMacrotasks(3);
    log.push("first:end");
  });
  agent.subscribe(() => {
    logs.at(-1)?.push("second:start", "second:end");
  });
  // ANCHOR_END: listener-order
  await agent.prompt("Did the release ship?");
  const expected = ["first:start", "first:end", "second:start", "second:end"];
  return {
    events: logs.length,
    overlaps: logs.filter(
      (log) => log.indexOf("second:start") >= 0 && log.indexOf("second:start") < log.indexOf("first:end"),
    ).length,
    outOfOrder: logs.filter((log) => log.join() !== expected.join()).length,
    firstEventLog: logs[0] ?? [],
  };
}

/** How the run ends: the model stops, the request ends in error or aborted, or an earlier listener threw once at turn_end. */
export type RunEnd = "stop" | "error" | "aborted" | "listener-threw";

/** Whether `prompt()` settled while an `agent_end` listener was still holding. */
export interface PromptSettlementRun {
  /** The `agent_end` listener was entered. */
  listenerEntered: boolean;
  /** `prompt()` had settled while the listener was still held (expected: false). */
  settledWhileListenerHeld: boolean;
  /** The order of what happened after `agent_end` arrived. */
  order: string[];
}

/**
 * Holds the `agent_end` listener on a deferred promise, lets several macrotask turns pass,
 * and looks whether `prompt()` has settled meanwhile; then releases the listener.
 */
export async function measurePromptSettlement(end: RunEnd = "stop"): Promise<PromptSettlementRun> {
  const { models, model } = scriptedModels([
    end === "error" || end === "aborted"
      ? fauxAssistantMessage("", {
          stopReason: end,
          errorMessage: end === "error" ? "upstream 503" : "request cancelled",
        })
      : fauxAssistantMessage("Yes: 2.4 shipped."),
  ]);
  const agent = makeResearchAgent(models, model, releaseCorpus);
  if (end === "listener-threw") {
    let thrown = false;
    agent.subscribe((event) => {
      if (event.type !== "turn_end" || thrown) return;
      thrown = true;
      throw new Error("listener failed at turn_end");
    });
  }
  const entered = deferred();
  const release = deferred();
  const order: string[] = [];
  agent.subscribe(async (event) => {
    if (event.type !== "agent_end") return;
    order.push("agent_end listener entered");
    entered.resolve();
    await release.promise;
    order.push("agent_end listener finished");
  });
  let settled = false;
  const prompted = agent
    .prompt("Did the release ship?")
    .then(
      () => "",
      () => " (rejected)",
    )
    .then((how) => {
      settled = true;
      order.push(`prompt() settled${how}`);
    });
  // If agent_end never reached the listener, prompt() settling ends the wait instead of a hang.
  await Promise.race([entered.promise, prompted]);
  await yieldMacrotasks(5);
  const settledWhileListenerHeld = settled;
  release.resolve();
  await prompted;
  return { listenerEntered: order.includes("agent_end listener entered"), settledWhileListenerHeld, order };
}
