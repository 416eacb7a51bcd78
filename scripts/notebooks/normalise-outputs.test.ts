import assert from "node:assert/strict";
import { test } from "node:test";
import { normaliseOutputs, normaliseText } from "./normalise-outputs.ts";

const ROOT = "/home/reader/pi-companion";

// One test per rule, each with the text a run really prints.

test("normalise: faux tool-call ids (tool:<Date.now()>:<random>) become tool:<id>", () => {
  assert.equal(normaliseText(`"toolCallId": "tool:1764428400123:k3j9x0q2ab"`, ROOT), `"toolCallId": "tool:<id>"`);
});

test("normalise: UUIDs become <uuid>", () => {
  assert.equal(normaliseText("session 0b6e2f4c-1d2a-4c3b-9f8e-7a6b5c4d3e2f ready", ROOT), "session <uuid> ready");
});

test("normalise: ISO date-times become <date-time>", () => {
  assert.equal(normaliseText("at 2026-10-05T12:34:56.789Z and 2026-10-05T12:34:56+02:00", ROOT), "at <date-time> and <date-time>");
});

test("normalise: timestamp fields, util.inspect and JSON, become <timestamp>", () => {
  assert.equal(normaliseText(`timestamp: 1764428400123,\n"timestamp": 1764428400124`, ROOT), `timestamp: <timestamp>,\n"timestamp": <timestamp>`);
});

test("normalise: duration fields become <duration>", () => {
  assert.equal(normaliseText(`durationMs: 12, "elapsedMs": 3.5, duration=40`, ROOT), `durationMs: <duration>, "elapsedMs": <duration>, duration=<duration>`);
});

test("normalise: message_update counts become <n> (the faux provider chunks text at random)", () => {
  assert.equal(normaliseText(`{ message_update: 7 } "message_update": 3 message_update ×12`, ROOT), `{ message_update: <n> } "message_update": <n> message_update ×<n>`);
});

test("normalise: the checkout's absolute path becomes <project>", () => {
  assert.equal(normaliseText(`at ${ROOT}/scripts/toolchain/pin.ts:3:1`, ROOT), "at <project>/scripts/toolchain/pin.ts:3:1");
});

test("normalise: rules stay narrow (plain numbers, words and ids of other shapes are kept)", () => {
  const text = "provider calls: 2\ntool: lookup_evidence\nrelease 2.4 shipped on 3 March\nnotes-1 1764428400123";
  assert.equal(normaliseText(text, ROOT), text);
});

test("normalise: consecutive writes to one stream merge and split into lines; counts are dropped", () => {
  const outputs = normaliseOutputs(
    [
      { output_type: "stream", name: "stdout", text: "a" },
      { output_type: "stream", name: "stdout", text: "b\nc\n" },
      { output_type: "stream", name: "stderr", text: "warn\n" },
      { output_type: "execute_result", data: { "text/plain": "42" }, metadata: {}, execution_count: 7 },
    ],
    ROOT,
  );
  assert.deepEqual(outputs, [
    { output_type: "stream", name: "stdout", text: ["ab\n", "c\n"] },
    { output_type: "stream", name: "stderr", text: ["warn\n"] },
    { output_type: "execute_result", data: { "text/plain": ["42"] }, metadata: {}, execution_count: null },
  ]);
});

test("normalise: normalising twice changes nothing (stored outputs compare equal to a fresh run)", () => {
  const once = normaliseOutputs([{ output_type: "stream", name: "stdout", text: `timestamp: 1764428400123\n${ROOT}\n` }], ROOT);
  assert.deepEqual(normaliseOutputs(once, ROOT), once);
});
