// The kernel's side of its check service (kernel/check-service.cjs), with a stand-in for the
// service: a request the service never answers must not hold the cell for ever (once, in
// .ci/run, a kernel waited 8 minutes while its service sat idle).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { test } from "node:test";
import { within } from "../lib/within.ts";

type Served = { kind: string; message?: string };
interface CheckService {
  check(chain: string[], src: string): Promise<Served> | undefined;
  stop(): void;
}
const { createCheckService } = createRequire(import.meta.url)("./kernel/check-service.cjs") as {
  createCheckService(
    blob: () => string | undefined,
    options: { answerMs: number; spawnService: (blob: string) => ReturnType<typeof spawn> },
  ): CheckService;
};

/** A service process running `script` (plain Node, an IPC channel to this process), counted in `started`. */
function standIn(script: string, started: { pid: number | undefined }[]) {
  return () => {
    const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    started.push({ pid: child.pid });
    return child;
  };
}

/**
 * Awaits `work` for at most 15 s: the service's process, channel and timer do not hold the
 * event loop open (a kernel's own sockets do); the bound's timer does.
 */
const held = <T>(work: Promise<T>): Promise<T> =>
  within(15_000, work, () => "no answer in 15 s: the request waits for ever");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("kernel.check-service.no-answer: a request unanswered in time fails with the reason, said once on stderr; the service is stopped and the kernel checks later cells itself", { timeout: 20_000 }, async (t) => {
  const said = t.mock.method(console, "error", () => undefined);
  const started: { pid: number | undefined }[] = [];
  const service = createCheckService(() => "stand-in.blob", {
    answerMs: 300,
    spawnService: standIn("process.on('message', () => {});", started),
  });
  const asked = Date.now();
  const answer = await held(service.check([], "const x = 1;")!);
  const waited = Date.now() - asked;
  assert.deepEqual(answer, {
    kind: "failed",
    message: "the check service gave no answer in 0.3 s; this kernel checks its cells itself from now on",
  });
  assert.ok(waited >= 300 && waited < 10_000, `answered after ${waited} ms`);
  assert.deepEqual(
    said.mock.calls.map((call) => call.arguments),
    [[answer.message]],
  );
  // No service for the next cell: undefined is the kernel's sign to check it itself.
  assert.equal(service.check([], "const y = 2;"), undefined);
  assert.equal(started.length, 1, "the service was started again");
  for (let tries = 0; tries < 50 && alive(started[0]!.pid!); tries++)
    await new Promise((done) => setTimeout(done, 100));
  assert.equal(alive(started[0]!.pid!), false, "the silent service still runs");
});

test("kernel.check-service.answer: an answer within the time is the request's own, and the service keeps serving", { timeout: 20_000 }, async (t) => {
  t.mock.method(console, "error", () => undefined);
  const started: { pid: number | undefined }[] = [];
  const service = createCheckService(() => "stand-in.blob", {
    answerMs: 5_000,
    spawnService: standIn(
      "process.on('message', (m) => process.send({ id: m.id, reply: { kind: 'failed', message: 'checked ' + m.src } }));",
      started,
    ),
  });
  try {
    assert.deepEqual(await held(service.check([], "a")!), { kind: "failed", message: "checked a" });
    assert.deepEqual(await held(service.check(["a"], "b")!), { kind: "failed", message: "checked b" });
    assert.equal(started.length, 1);
  } finally {
    service.stop();
  }
});
