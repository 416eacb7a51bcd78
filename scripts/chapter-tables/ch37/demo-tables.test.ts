import assert from "node:assert/strict";
import { test } from "node:test";
import { requirePinnedPi } from "../../toolchain/pin.ts";
import { printChapter37 } from "./demo-tables.ts";

// What `npm run ch37` prints, read as a reader would: headings, whole reasons, and what varies.
const printed: string[] = [];
await printChapter37(requirePinnedPi(), (text) => printed.push(text));
const output = printed.join("\n");

/** The body of the section titled `title`, up to the next heading. */
function section(title: string): string {
  const start = output.indexOf(`## ${title}`);
  assert.ok(start >= 0, `no section "${title}"`);
  const next = output.indexOf("\n## ", start + 3);
  return output.slice(start, next < 0 ? undefined : next);
}

test("ch37.tool.params-validated-before-execute: the argument table has its own heading and each refusal's whole reason", () => {
  const body = section("Tool arguments checked against the schema before execute");
  assert.match(
    body,
    /\{"query":""\} +no +error result: query: must not have fewer than 1 characters; query: must match pattern "\\S"\n/,
  );
  assert.match(body, /\{\} +no +error result: query: must have required properties query\n/);
  assert.match(body, /\{"query":"release"\} +yes +ran: \[notes-1\]/);
  assert.doesNotMatch(body, /Validation failed for tool "lookup_evidence":\s*$/m);
});

test("ch37.events.runtime-names, ch37.listeners.awaited-in-order: the counts that follow the faux provider's random chunking say that they vary", () => {
  assert.match(section("Events delivered to subscribe()"), /message_update +\d+ \(varies run to run\)/);
  assert.match(
    section("Events delivered to subscribe()"),
    /the faux provider splits each scripted text into chunks of random size/,
  );
  assert.match(
    section("Listeners"),
    /events both listeners saw[^\n]* +(\d+) of \1 \(the total varies run to run, as message_update[\s\S]*?does\)/,
  );
});
