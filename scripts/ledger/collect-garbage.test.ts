import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { Script } from "node:vm";
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

test("collectGarbage leaves V8's flags as they were: a code cache this process makes after it is one a process that never collected accepts", () => {
  // V8 stamps a code cache with a hash of its flags (the ledger collects, then keeps typescript.js's cache).
  const source = "function answer() { return 6 * 7; }\nanswer();\n";
  const made = new Script(source, { filename: "answer.js" });
  made.runInThisContext();
  collectGarbage();
  const cachedData = made.createCachedData();
  const child = spawnSync(
    process.execPath,
    [
      "-e",
      `const { Script } = require("node:vm");
       const script = new Script(${JSON.stringify(source)}, { filename: "answer.js", cachedData: Buffer.from(process.argv[1], "base64") });
       process.stdout.write(String(script.cachedDataRejected));`,
      cachedData.toString("base64"),
    ],
    { encoding: "utf8" },
  );
  assert.equal(child.stderr, "");
  assert.equal(child.stdout, "false", "a process that never collected rejected the cache made after collectGarbage()");
});
