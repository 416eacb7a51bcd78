import { test } from "node:test";
import assert from "node:assert/strict";
import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { scriptedModels } from "./scripted.ts";

/** How many text deltas one scripted answer streams in. */
async function textDeltas(text: string): Promise<number> {
  const { models, model } = scriptedModels([fauxAssistantMessage(text)]);
  let deltas = 0;
  for await (const event of models.streamSimple(model, { messages: [{ role: "user", content: "go", timestamp: 0 }] })) {
    if (event.type === "text_delta") deltas++;
  }
  return deltas;
}

// Evidence that counts events (ch37.listeners.awaited-in-order: "12 events") must read the
// same on every run; the faux provider's default draws each delta's size at random.
test("scripted models: the same answer streams in the same number of text deltas on every run (16 characters each)", async () => {
  const text = "The release shipped on the second of May, after two delays and one rollback.";
  const counts = [];
  for (let run = 0; run < 10; run++) counts.push(await textDeltas(text));
  assert.deepEqual(new Set(counts), new Set([Math.ceil(text.length / 16)]), `deltas per run: ${counts.join(" ")}`);
});
