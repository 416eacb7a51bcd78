import assert from "node:assert/strict";
import { test } from "node:test";
import { collectGarbage } from "./collect-garbage.ts";

test("collectGarbage: memory nothing refers to any more is freed at once, not when the heap next nears its limit", () => {
  let held: number[][] | undefined = Array.from({ length: 200 }, () =>
    Array.from({ length: 50_000 }, (_, i) => i + 0.5),
  );
  const holding = process.memoryUsage().heapUsed;
  assert.equal(held.length, 200);
  held = undefined;
  collectGarbage();
  const freed = holding - process.memoryUsage().heapUsed;
  assert.ok(freed > 50e6, `${Math.round(freed / 1e6)} MB freed of about 80 MB`);
});
