import assert from "node:assert/strict";
import { test } from "node:test";
import { chatApis } from "../../support/request-body.ts";
import { errorFlagOnWire } from "./wire-payloads.ts";

/** pi-ai 1.0.3's chat adapters, in file order. */
const CHAT_ADAPTERS = [
  "anthropic-messages",
  "azure-openai-responses",
  "bedrock-converse-stream",
  "google-generative-ai",
  "google-vertex",
  "mistral-conversations",
  "openai-codex-responses",
  "openai-completions",
  "openai-responses",
  "pi-messages",
];

test("wire payloads: pi-ai 1.0.3 has ten chat adapters, each captured at onPayload without sending", async () => {
  assert.deepEqual(await chatApis(), CHAT_ADAPTERS);
});

test("ch37.tool.iserror-channel: qualified — the four OpenAI adapters send an isError result exactly as a plain one; the other six mark it", async () => {
  const alike = ["azure-openai-responses", "openai-codex-responses", "openai-completions", "openai-responses"];
  assert.deepEqual(
    await errorFlagOnWire(),
    CHAT_ADAPTERS.map((api) => ({ api, captured: true, distinguishable: !alike.includes(api) })),
  );
});
