import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { treeResidentBytes } from "./ledger-process.ts";

test(
  "bench: a process tree's resident memory counts its children (a child holding 100 MB adds at least that)",
  { skip: existsSync("/proc/self/stat") ? false : "no /proc here" },
  async () => {
    const before = treeResidentBytes(process.pid)!;
    const child = spawn(
      process.execPath,
      ["-e", "const b = Buffer.alloc(100e6, 1); process.stdout.write('ready'); setTimeout(() => b, 60_000);"],
      { stdio: ["ignore", "pipe", "ignore"] },
    );
    try {
      await new Promise((resolve) => child.stdout.once("data", resolve));
      const withChild = treeResidentBytes(process.pid)!;
      assert.ok(withChild - before >= 100e6, `tree grew by ${Math.round((withChild - before) / 1e6)} MB`);
      assert.ok(treeResidentBytes(child.pid!)! >= 100e6);
    } finally {
      child.kill();
    }
  },
);
