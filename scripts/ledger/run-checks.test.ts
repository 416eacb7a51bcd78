import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { verdictOf } from "./check.ts";
import { runChecks } from "./run-checks.ts";

test("runner: outcomes keep the catalogue order when later checks finish first, with at most `concurrency` in flight", async () => {
  let inFlight = 0;
  let most = 0;
  const checks = [30, 20, 10, 0].map((ms, i) => ({
    id: `c${i}`,
    run: async () => {
      most = Math.max(most, ++inFlight);
      await sleep(ms);
      inFlight--;
      return verdictOf(true, `${ms}`);
    },
  }));
  const finished: string[] = [];
  const outcomes = await runChecks(checks, { concurrency: 2, onSettled: (o) => finished.push(o.id) });
  assert.deepEqual(
    outcomes.map((o) => o.id),
    ["c0", "c1", "c2", "c3"],
  );
  assert.notDeepEqual(finished, ["c0", "c1", "c2", "c3"]);
  assert.equal(most, 2);
});

test("runner: a check that never settles is a crash after the timeout, not a verdict", async () => {
  const [outcome] = await runChecks([{ id: "hangs", run: () => new Promise(() => {}) }], { timeoutMs: 20 });
  assert.deepEqual(outcome, { kind: "crash", id: "hangs", error: "Error: timed out after 0.02 s" });
});

test("runner: ch37.deps.coding-agent-builds-on-core — a check waiting on I/O is not timed out by another check's synchronous work", async () => {
  await new Promise((resolve) => setImmediate(resolve)); // start in the loop's check phase: timers come next
  const outcomes = await runChecks(
    [
      // Settles in a callback the event loop runs after its timers, as an npm view answer does.
      { id: "waits", run: () => new Promise((resolve) => setImmediate(() => resolve(verdictOf(true, "answered")))) },
      {
        id: "blocks",
        run: async () => {
          const until = Date.now() + 300;
          while (Date.now() < until); // a type-check holding the loop longer than the timeout
          return verdictOf(true, "blocked 300 ms");
        },
      },
    ],
    { concurrency: 2, timeoutMs: 100 },
  );
  assert.deepEqual(
    outcomes.map((o) => o.kind),
    ["result", "result"],
  );
});

test("runner: every start is called before the first check runs, so a child process or registry look-up waits beside the type-check", async () => {
  const calls: string[] = [];
  const check = (id: string, start: boolean) => ({
    id,
    ...(start ? { start: () => void calls.push(`start ${id}`) } : {}),
    run: async () => {
      calls.push(`run ${id}`);
      return verdictOf(true, id);
    },
  });
  await runChecks([check("a", false), check("b", true), check("c", true)], { concurrency: 1 });
  assert.deepEqual(calls, ["start b", "start c", "run a", "run b", "run c"]);
});

test("runner: the checks that ask the type checker run first, then afterTypeChecks, then the rest; outcomes keep the input order", async () => {
  const calls: string[] = [];
  const check = (id: string, asksTypeChecker: boolean) => ({
    id,
    asksTypeChecker,
    run: async () => {
      calls.push(id);
      await sleep(1);
      return verdictOf(true, id);
    },
  });
  const outcomes = await runChecks(
    [check("runs", false), check("types1", true), check("runs2", false), check("types2", true)],
    {
      concurrency: 4,
      afterTypeChecks: () => void calls.push("afterTypeChecks"),
    },
  );
  assert.deepEqual(calls, ["types1", "types2", "afterTypeChecks", "runs", "runs2"]);
  assert.deepEqual(
    outcomes.map((o) => o.id),
    ["runs", "types1", "runs2", "types2"],
  );
});
