// Every command behaves as a reader expects on the command line: `--help` is the usage and exit
// 0, an unknown option one line and exit 2, and a reader that stops reading (`npm run ch37 |
// head -1`) ends the command quietly, exit 141 (never 0: the job did not run whole). The commands are read from package.json and from the CI
// script (.ci/run), so a command added there is tested here without a list to keep.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { READER_GONE_STATUS } from "./cli.ts";
import { PROJECT_ROOT } from "./paths.ts";

/** The npm scripts a reader runs: npm's own lifecycle scripts (postinstall) are not commands. */
const scripts: Record<string, string> = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts as Record<string, string>,
  ).filter(([name]) => !["preinstall", "install", "postinstall", "prepare"].includes(name)),
);

/** The npm scripts that run a TypeScript entry point, with that entry point and how a reader types them. */
const npmCommands = Object.entries(scripts).flatMap(([name, line]) => {
  const entry = /\btsx (\S+\.ts)\b/.exec(line)?.[1];
  return entry === undefined
    ? []
    : [{ name, entry, spelled: `${name === "start" || name === "test" ? `npm ${name}` : `npm run ${name}`} --` }];
});

/** The entry points the CI script runs directly (`node --import tsx FILE`). */
const ciCommands = [
  ...readFileSync(join(PROJECT_ROOT, ".ci", "run"), "utf8").matchAll(/^node --import tsx (\S+\.ts)\b/gm),
].map(([, entry]) => ({
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

function spawnEntry(entry: string, args: string[], closeStdout: boolean, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const child = spawn(process.execPath, ["--import", "tsx", entry, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  const ran: Ran = { status: null, stdout: "", stderr: "" };
  if (closeStdout) child.stdout.destroy();
  else child.stdout.on("data", (chunk: Buffer) => (ran.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (ran.stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ ...ran, status })));
}

describe("every npm script's command line", () => {
  it("finds an entry point of ours behind every npm script (test and typecheck included) and the CI script's", () => {
    const covered = new Set(npmCommands.map((c) => c.name));
    assert.deepEqual(
      Object.keys(scripts).filter((name) => !covered.has(name)),
      [],
    );
    assert.ok(ciCommands.length >= 1);
  });

  for (const { entry, spelled } of commands) {
    const help = runEntry(entry, ["--help"]);
    const unknown = runEntry(entry, ["--bogus"]);
    it(`${spelled} --help prints its usage and exits 0`, async () => {
      const ran = await help;
      assert.equal(ran.status, 0, ran.stderr);
      assert.ok(ran.stdout.startsWith(`usage: ${spelled.replace(/ --$/, "")}`), ran.stdout);
      assertFits(ran.stdout);
    });

    it(`${spelled} --bogus is refused in one line with exit 2`, async () => {
      const ran = await unknown;
      assert.equal(ran.status, 2);
      assert.equal(ran.stdout, "");
      assert.match(ran.stderr, /^\S+: unknown option --bogus; usage: \S.*\n$/);
    });
  }
});

/** Fails naming the first line wider than `width` characters (code points, as a terminal counts them). */
function assertFits(output: string, width = 120): void {
  const wide = output.split("\n").find((line) => [...line].length > width);
  assert.equal(wide, undefined, `a line of ${[...(wide ?? "")].length} columns: ${wide}`);
}

describe("an option npm took for itself (no --) is named, with the command line that passes it on", () => {
  it("npm run turn-limit --json: refused in one line, exit 2, saying npm run turn-limit -- --json", async () => {
    const ran = await inTurn(() =>
      spawnEntry("scripts/chapter-tables/ch38/turn-limit.ts", [], false, {
        npm_lifecycle_event: "turn-limit",
        npm_config_json: "true",
      }),
    );
    assert.equal(ran.status, 2);
    assert.equal(
      ran.stderr,
      "turn-limit: npm took --json for itself (options before -- are npm's); run npm run turn-limit -- --json\n",
    );
  });
});

// Commands whose default run takes seconds and writes nothing in a clean checkout (maps writes a stale map only); the others (npm start, matrix,
// mutants, bench, fuzz, notebooks, test, site…) run for minutes or write files, and wrap or
// tabulate through the same helpers (examples/support/text-table.ts, output-width.ts).
describe("default output fits 120 columns when piped", () => {
  for (const [name, args] of [
    ["ch37", []],
    ["ch38", []],
    ["turn-limit", []],
    ["recipe", []],
    ["maps", []],
    ["notebooks:generate", ["--check"]],
  ] as const) {
    const command = commands.find((c) => c.name === name);
    if (command === undefined) continue;
    it(`${command.spelled} ${args.join(" ")}: no line wider than 120 columns`, async () => {
      const ran = await runEntry(command.entry, [...args]);
      assert.ok(ran.stdout.length > 0, ran.stderr);
      assertFits(ran.stdout);
    });
  }
});

describe("a closed stdout ends a demonstration quietly", () => {
  for (const name of ["ch37", "ch38"]) {
    it(`npm run ${name} | head -1: exit ${READER_GONE_STATUS}, no EPIPE stack trace`, async () => {
      const entry = commands.find((c) => c.name === name)!.entry;
      const ran = await runEntry(entry, [], true);
      assert.equal(ran.stderr, "");
      assert.equal(ran.status, READER_GONE_STATUS);
    });
  }
});
