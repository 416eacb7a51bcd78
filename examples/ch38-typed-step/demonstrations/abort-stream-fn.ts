import { Agent, type StreamFn } from "@earendil-works/pi-agent-core";
import type { Models } from "@earendil-works/pi-ai";
import { scriptedModels } from "../../support/scripted.ts";
import { lookup, lookupTool, times, toolUse } from "../support/script.ts";

/** Which stream function the Agent was given. */
export type StreamFnKind = "models" | "forwards-signal" | "drops-signal";

/** A listener aborts at the end of turn `abortAtTurn`; what the loop and the provider did next. */
export interface AbortRun {
  streamFn: StreamFnKind;
  abortAtTurn: number;
  /** Calls the Agent made to its stream function (counted by a wrapper when it is custom). */
  streamFnCalls: number | undefined;
  /** Requests the faux provider served. */
  providerRequests: number;
  /** Turns that ended, counted by the listener. */
  turns: number;
  scripted: number;
  lastStopReason: string | undefined;
}

function streamFnOf(kind: StreamFnKind, models: Models, count: () => void): StreamFn {
  if (kind === "models") return models.streamSimple.bind(models);
  // A custom stream function, as a host that routes requests its own way would write one.
  return (model, context, options) => {
    count();
    if (kind === "forwards-signal") return models.streamSimple(model, context, options);
    const { signal: _dropped, ...rest } = options ?? {};
    return models.streamSimple(model, context, rest);
  };
}

/**
 * A model that only looks things up (6 scripted turns); a subscribe() listener calls
 * agent.abort() at the end of turn `abortAtTurn`, as step()'s turn bound does.
 */
export async function runAbortFromListener(kind: StreamFnKind, abortAtTurn = 2): Promise<AbortRun> {
  const scripted = 6;
  const { faux, models, model } = scriptedModels(times(scripted, () => toolUse(lookup())));
  let calls = 0;
  const agent = new Agent({
    initialState: { systemPrompt: "Look things up.", model, tools: [lookupTool()] },
    streamFn: streamFnOf(kind, models, () => calls++),
  });
  let turns = 0;
  agent.subscribe((event) => {
    if (event.type === "turn_end" && ++turns === abortAtTurn) agent.abort();
  });
  await agent.prompt("Did the release ship?");
  const last = agent.state.messages.at(-1);
  return {
    streamFn: kind,
    abortAtTurn,
    streamFnCalls: kind === "models" ? undefined : calls,
    providerRequests: faux.state.callCount,
    turns,
    scripted,
    lastStopReason: last?.role === "assistant" ? last.stopReason : undefined,
  };
}
