import assert from "node:assert/strict";
import { test } from "node:test";
import { documentedCheck } from "./documentation.ts";

test("ch37.doc.*: a sentence the installed README does not contain is reported fails, naming it absent", async () => {
  const result = await documentedCheck({
    id: "ch37.doc.parallel-default",
    sources: [{ in: "README", words: "Tool calls always run one at a time." }],
  }).run();
  assert.equal(result.verdict, "fails");
  assert.match(result.evidence, /README\.md \(absent\) "Tool calls always run one at a time\."/);
});

test("ch37.doc.agentloop-quote: a quote must stand word for word; a case change is found but not verbatim, so it fails", async () => {
  const result = await documentedCheck({
    id: "ch37.doc.agentloop-quote",
    sources: [{ in: "README", words: "Do Not Wait for your async event handling to settle", verbatim: true }],
  }).run();
  assert.equal(result.verdict, "fails");
  assert.match(result.evidence, /README\.md:\d+ \(not word for word\)/);
});

test("ch37.doc.iserror-channel-quote: a doc comment is read from the declaration of the named member", async () => {
  const holds = await documentedCheck({
    id: "ch37.doc.iserror-channel-quote",
    sources: [
      { in: "declaration", type: "AgentToolResult", member: "isError", words: "Report a failure without throwing." },
    ],
  }).run();
  const wrongMember = await documentedCheck({
    id: "ch37.doc.iserror-channel-quote",
    sources: [
      { in: "declaration", type: "AgentToolResult", member: "terminate", words: "Report a failure without throwing." },
    ],
  }).run();
  assert.equal(holds.verdict, "holds");
  assert.equal(wrongMember.verdict, "fails");
});
