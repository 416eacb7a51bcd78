import { Agent, type AgentTool, type ToolExecutionMode } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxToolCall, Type } from "@earendil-works/pi-ai";
import { scriptedModels } from "../support/scripted.ts";
import { yieldMacrotasks } from "./support/event-loop.ts";

/** How the three tool calls of one batch overlapped. */
export interface ConcurrencyRun {
  variant: ConcurrencyVariant;
  /** Most tool executions in flight at once. */
  maxInFlight: number;
  /** Starts and ends in the order they happened, e.g. "start probe_a". */
  timeline: string[];
}

/** `default`: three ordinary tools; `one-sequential`: the third asks for `executionMode: "sequential"`. */
export type ConcurrencyVariant = "default" | "one-sequential";

const ProbeParams = Type.Object({});

/** Counts executions in flight; each holds for a few macrotask turns so overlaps can happen. */
class InFlightMeter {
  inFlight = 0;
  maxInFlight = 0;
  timeline: string[] = [];

  probe(name: string, executionMode?: ToolExecutionMode): AgentTool<typeof ProbeParams> {
    return {
      name,
      label: name,
      description: "Does nothing for a moment; used to measure overlap.",
      parameters: ProbeParams,
      ...(executionMode ? { executionMode } : {}),
      execute: async () => {
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        this.timeline.push(`start ${name}`);
        await yieldMacrotasks(3);
        this.timeline.push(`end ${name}`);
        this.inFlight--;
        return { content: [{ type: "text", text: "ok" }], details: undefined };
      },
    };
  }
}

/** One assistant message calls three probe tools; measures how many ran at once. */
export async function measureToolConcurrency(variant: ConcurrencyVariant): Promise<ConcurrencyRun> {
  const meter = new InFlightMeter();
  // ANCHOR: batch
  const { models, model } = scriptedModels([
    fauxAssistantMessage([fauxToolCall("probe_a", {}), fauxToolCall("probe_b", {}), fauxToolCall("probe_c", {})], {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage("All three probes answered."),
  ]);
  const tools = [
    meter.probe("probe_a"),
    meter.probe("probe_b"),
    meter.probe("probe_c", variant === "one-sequential" ? "sequential" : undefined),
  ];
  const agent = new Agent({
    initialState: { systemPrompt: "Call the probes.", model, tools },
    streamFn: models.streamSimple.bind(models),
  });
  // ANCHOR_END: batch
  await agent.prompt("Run the probes.");
  return { variant, maxInFlight: meter.maxInFlight, timeline: meter.timeline };
}
