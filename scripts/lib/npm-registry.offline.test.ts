// Offline, registry look-ups answer in seconds, say what they wait for, and say "offline" once.
// Only local addresses: a refused port, and a local server that accepts and never answers.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { npmView, onRegistryNotice } from "./npm-registry.ts";

function capturedNotices(): string[] {
  const notices: string[] = [];
  onRegistryNotice((line) => notices.push(line));
  return notices;
}

test("a refused registry: look-ups started together are all unreachable, offline is said once, a later look-up does not ask", async () => {
  const notices = capturedNotices();
  const env = { ...process.env, npm_config_registry: "http://127.0.0.1:9/" };
  const answers = await Promise.all(
    [
      "@earendil-works/pi-agent-core@1.0.4 version",
      "@earendil-works/pi-coding-agent@1.0.3 dependencies",
      "typebox versions",
    ].map((q) => {
      const [spec, field] = q.split(" ") as [string, string];
      return npmView(spec, field, env);
    }),
  );
  assert.deepEqual(
    answers.map((a) => a.kind),
    ["unreachable", "unreachable", "unreachable"],
  );
  const offline = notices.filter((line) => line.startsWith("offline:"));
  assert.equal(offline.length, 1, notices.join("\n"));
  assert.match(
    offline[0]!,
    /^offline: the npm registry http:\/\/127\.0\.0\.1:9\/ did not answer \(ECONNREFUSED\); registry look-ups are skipped$/,
  );

  const later = await npmView("typebox@1.3.27", "version", env);
  assert.equal(later.kind, "unreachable");
  assert.ok(later.kind === "unreachable" && later.detail.includes("not asked, the registry is offline"), later.detail);
  assert.equal(notices.filter((line) => line.startsWith("offline:")).length, 1);
});

test("a registry that accepts and never answers: the reader is told what is awaited, then offline", async () => {
  const notices = capturedNotices();
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    const answer = await npmView("typebox@1.3.27", "version", {
      ...process.env,
      npm_config_registry: `http://127.0.0.1:${port}/`,
    });
    assert.equal(answer.kind, "unreachable");
    assert.match(
      notices[0] ?? "",
      /^waiting for the npm registry: npm view typebox@1\.3\.27 version \(at most \d+ s\)$/,
    );
    assert.match(
      notices.at(-1) ?? "",
      /^offline: the npm registry http:\/\/127\.0\.0\.1:\d+\/ did not answer \(FETCH_ERROR\); registry look-ups are skipped$/,
    );
  } finally {
    server.close();
  }
});
