import assert from "node:assert/strict";
import { test } from "node:test";
import type { Context } from "@earendil-works/pi-ai";
import { Type } from "typebox";
import { apiModules, captureBody, chatApis } from "./request-body.ts";
// @ts-expect-error: plain JavaScript (// @ts-check, JSDoc), outside tsconfig.json's allowJs-free project
import { captureBody as captureHere, importChatAdapters } from "./request-body-worker.mjs";

// The bodies are built in a worker without this process's hooks, from a structured clone of
// the Context. These tests hold them equal to the bodies this process builds itself from the
// Context as it is (TypeBox's non-enumerable keys on the tool's parameters included).

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 };
const context: Context = {
  systemPrompt: "Check the quota.",
  tools: [
    {
      name: "check_quota",
      description: "Checks the remaining quota.",
      parameters: Type.Object({ account: Type.String(), verbose: Type.Optional(Type.Boolean()) }),
    },
  ],
  messages: [
    { role: "user", content: "How much quota is left?", timestamp: 1 },
    {
      role: "assistant",
      content: [{ type: "toolCall", id: "call_1", name: "check_quota", arguments: { account: "a" } }],
      api: "faux",
      provider: "faux",
      model: "faux",
      usage: { ...usage, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: "toolUse",
      timestamp: 2,
    },
    {
      role: "toolResult",
      toolCallId: "call_1",
      toolName: "check_quota",
      content: [{ type: "text", text: "quota exhausted" }],
      details: { hits: ["notes-1"] },
      isError: true,
      timestamp: 3,
    },
  ],
};

test("request body: the worker names the same chat adapters as importing every module of dist/api here does", async () => {
  // Every module, unfiltered: the worker skips those whose source cannot export streamSimple.
  const here: string[] = [];
  for (const { api, url } of apiModules())
    if (typeof ((await import(url)) as { streamSimple?: unknown }).streamSimple === "function") here.push(api);
  assert.deepEqual(await chatApis(), here);
});

test("ch37.tool.iserror-channel, ch37.tool.details-not-model-text: each adapter's body from the worker is the body built here from the Context itself", async () => {
  const here = (await importChatAdapters(apiModules())) as Map<string, unknown>;
  for (const api of await chatApis())
    assert.equal(await captureBody(api, context), await captureHere(api, here.get(api), context), api);
});

test("request body: a module that is no chat adapter is refused, as an error, by the worker", async () => {
  await assert.rejects(captureBody("simple-options", context), /simple-options is not one of pi-ai's chat adapters/);
});
