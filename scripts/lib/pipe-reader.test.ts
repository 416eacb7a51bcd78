import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { PROJECT_ROOT } from "./paths.ts";

test(
  "a command that has gone quiet stops within seconds once the reader of its output pipe has gone (npm start | head -1)",
  { skip: process.platform !== "linux" && "reads /proc" },
  async () => {
    // A shell pipeline, as a reader types it: Node's own stdio pipes are socket pairs, not pipes.
    const started = Date.now();
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        "sh",
        ["-c", `"${process.execPath}" --import tsx scripts/lib/fixtures/quiet-command.ts | head -1`],
        { cwd: PROJECT_ROOT },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    assert.equal(output, "started\n");
    assert.ok(
      Date.now() - started < 20_000,
      `the pipeline took ${Date.now() - started} ms (the command waits 60 s when nobody stops it)`,
    );
  },
);
