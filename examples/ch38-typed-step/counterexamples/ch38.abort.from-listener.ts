// ch38.abort.from-listener: abort() from a listener ends the run only if the stream function
// passes the abort signal on; a custom one that drops it lets every scripted request through.
import { Agent, type StreamFn } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage as reply, fauxToolCall as call, type Models } from "@earendil-works/pi-ai";
import { counterexample } from "../../support/counterexample.ts";
import { scriptedModels } from "../../support/scripted.ts";
import { lookupEvidence } from "../../ch37-agent-core/research-agent.ts";
// ANCHOR: cases
type Stream = (models: Models) => StreamFn;
const piAi: Stream = (models) => models.streamSimple.bind(models);
// A host's own stream function that routes requests its own way and forgets the signal.
const dropsSignal: Stream = (models) => (model, context, options) =>
  models.streamSimple(model, context, { ...options, signal: undefined });

/** A model that only looks things up (6 scripted turns); a listener aborts at the end of turn 2. */
async function abortAtTurn2(stream: Stream) {
  const { faux, models, model } = scriptedModels(
    Array.from({ length: 6 }, () => reply([call("lookup_evidence", { query: "release" })], { stopReason: "toolUse" })),
  );
  const tools = [lookupEvidence({ "notes-1": "Release 2.4 shipped on Tuesday." })];
  const agent = new Agent({
    initialState: { systemPrompt: "Look things up.", model, tools },
    streamFn: stream(models),
  });
  let turns = 0;
  agent.subscribe((event) => void (event.type === "turn_end" && ++turns === 2 && agent.abort()));
  await agent.prompt("Did the release ship?");
  return faux.state.callCount;
}

export const run = counterexample(import.meta.url, "ch38.abort.from-listener", async () => {
  const served = await abortAtTurn2(piAi);
  const dropped = await abortAtTurn2(dropsSignal);
  return {
    bookCase: {
      measured: `models.streamSimple as the stream function, abort() at turn_end 2: ${served} provider requests served`,
      bookIsRight: served === 2,
    },
    otherCase: {
      measured: `a custom stream function that drops the abort signal, abort() at turn_end 2: ${dropped} provider requests served`,
      bookIsRight: dropped === 2,
    },
  };
});
// ANCHOR_END: cases
