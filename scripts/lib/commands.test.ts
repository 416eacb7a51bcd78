// Every command behaves as a reader expects on the command line: `--help` is the usage and exit
// 0, an unknown option one line and exit 2, and a reader that stops reading (`npm run ch37 |
// head -1`) ends the command quietly. The commands are read from package.json and from the CI
// script (.ci/run), so a command added there is tested here without a list to keep.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { PROJECT_ROOT } from "./paths.ts";

const scripts: Record<string, string> = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts;

/** The npm scripts that compose others or run a tool's own command line (tsc, node --test) rather than an entry point of ours. */
const COMPOSITE = ["test", "typecheck", "test:unit"];

/** The npm scripts that run a TypeScript entry point, with that entry point and how a reader types them. */
const npmCommands = Object.entries(scripts).flatMap(([name, line]) => {
  const entry = /\btsx (\S+\.ts)\b/.exec(line)?.[1];
  return entry === undefined ? [] : [{ name, entry, spelled: `${name === "start" ? "npm start" : `npm run ${name}`} --` }];
});

/** The entry points the CI script runs directly (`node --import tsx FILE`). */
const ciCommands = [...readFileSync(join(PROJECT_ROOT, ".ci", "run"), "utf8").matchAll(/^node --import tsx (\S+\.ts)\b/gm)].map(([, entry]) => ({
  name: entry!,
  entry: entry!,
  spelled: `node --import tsx ${entry}`,
}));

const commands = [...npmCommands, ...ciCommands];

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

// Two children at a time: the runs are started together so that the file takes a few seconds, not a minute.
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs an entry point as npm would (from the root), optionally closing its stdout before it writes. */
function runEntry(entry: string, args: string[], closeStdout = false): Promise<Ran> {
  return inTurn(() => spawnEntry(entry, args, closeStdout));
}

function spawnEntry(entry: string, args: string[], closeStdout: boolean): Promise<Ran> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], { cwd: PROJECT_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const ran: Ran = { status: null, stdout: "", stderr: "" };
  if (closeStdout) child.stdout.destroy();
  else child.stdout.on("data", (chunk: Buffer) => (ran.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (ran.stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ ...ran, status })));
}

describe("every npm script's command line", () => {
  it("finds every npm script's entry point (the others are the composite ones) and the CI script's", () => {
    const covered = new Set(npmCommands.map((c) => c.name));
    assert.deepEqual(Object.keys(scripts).filter((name) => !covered.has(name)).sort(), [...COMPOSITE].sort());
    assert.ok(ciCommands.length >= 1);
  });

  for (const { entry, spelled } of commands) {
    const help = runEntry(entry, ["--help"]);
    const unknown = runEntry(entry, ["--no-such-option"]);
    it(`${spelled} --help prints its usage and exits 0`, async () => {
      const ran = await help;
      assert.equal(ran.status, 0, ran.stderr);
      assert.ok(ran.stdout.startsWith(`usage: ${spelled.replace(/ --$/, "")}`), ran.stdout);
    });

    it(`${spelled} --no-such-option is refused in one line with exit 2`, async () => {
      const ran = await unknown;
      assert.equal(ran.status, 2);
      assert.equal(ran.stdout, "");
      assert.match(ran.stderr, /^\S+: unknown option --no-such-option; usage: \S.*\n$/);
    });
  }
});

describe("a closed stdout ends a demonstration quietly", () => {
  for (const name of ["ch37", "ch38"]) {
    it(`npm run ${name} | head -1: exit 0, no EPIPE stack trace`, async () => {
      const entry = commands.find((c) => c.name === name)!.entry;
      const ran = await runEntry(entry, [], true);
      assert.equal(ran.stderr, "");
      assert.equal(ran.status, 0);
    });
  }
});
