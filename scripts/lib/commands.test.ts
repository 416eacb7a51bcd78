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
import { asNpmRunsIt, scriptEntry } from "./npm-scripts.ts";
import { PROJECT_ROOT } from "./paths.ts";

/** The npm scripts a reader runs: npm's own lifecycle scripts (postinstall) are not commands. */
const scripts: Record<string, string> = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")).scripts as Record<string, string>,
  ).filter(([name]) => !["preinstall", "install", "postinstall", "prepare"].includes(name)),
);

/** The npm scripts that run a TypeScript entry point, with that entry point and how a reader types them. */
const npmCommands = Object.entries(scripts).flatMap(([name, line]) => {
  const entry = scriptEntry(line);
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
// The CI script's own entry points run as it spells them; every other one as its npm script does.
const CI_ENTRIES = new Set(ciCommands.map((c) => c.entry));

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

/** Runs an entry point as npm (or the CI script) would, from the root, optionally closing its stdout before it writes. */
function runEntry(entry: string, args: string[], closeStdout = false): Promise<Ran> {
  return inTurn(() => spawnEntry(entry, args, closeStdout));
}

function spawnEntry(entry: string, args: string[], closeStdout: boolean, env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const argv = CI_ENTRIES.has(entry) ? ["--import", "tsx", entry, ...args] : asNpmRunsIt(entry, args);
  const child = spawn(process.execPath, argv, {
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

/**
 * Fails naming the first line wider than `width` columns, as a terminal counts them: a code
 * point each ("→" is one column, three bytes), two for a wide one (CJK, emoji).
 */
function assertFits(output: string, width = 120): void {
  const wide = output.split("\n").find((line) => columnsOf(line) > width);
  assert.equal(wide, undefined, `a line of ${columnsOf(wide ?? "")} columns: ${wide}`);
}

function columnsOf(line: string): number {
  let columns = 0;
  for (const char of line.replace(/\x1b\[[0-9;]*[A-Za-z]|\r/g, "")) {
    const code = char.codePointAt(0)!;
    columns +=
      /\p{Extended_Pictographic}|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/u.test(char) &&
      code > 0xff
        ? 2
        : 1;
  }
  return columns;
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

// Every command's whole output, stdout and stderr, fits 120 columns when piped: each command
// runs once, in its cheapest whole form (every section it prints, on fewer cases). The
// commands that run for minutes, write files or run the suite itself are named with where
// their output's width is held instead; a command added to package.json must join one list.
const WIDTH_RUNS: Record<string, readonly string[]> = {
  ch37: [],
  ch38: [],
  "turn-limit": [],
  recipe: [],
  maps: [],
  "notebooks:generate": ["--check"],
  // The header, the summary, one row, the totals, the legend and the negative control.
  start: ["--only", "^ch37\\.deps\\.two-runtime-deps$", "--no-write"],
  fuzz: ["--runs", "30", "--seed", "1"],
  counterexample: ["ch38.first-submission-wins"],
};
const WIDTH_ELSEWHERE: Record<string, string> = {
  format:
    "scripts/format/formatted.test.ts runs npm run format -- --check whole, its one Prettier pass over the repository",
  listings: "scripts/listings/listings.test.ts, on every run it makes (a passing folder and three failing ones)",
  test: "runs the suite that holds this test; its lines are the steps' and the runner's",
  "test:unit": "runs the suite that holds this test",
  typecheck: "about a minute; one line, or tsc's diagnostics",
  notebooks: "minutes; scripts/notebooks/runner.test.ts runs it",
  "kernel:install": "writes the user's Jupyter kernelspec",
  site: "writes site/; scripts/site tests render it",
  matrix: "minutes; its tables are the ledger's and appendix B's",
  mutants: "minutes; its table is appendix D's",
  bench: "minutes; its sections are appendix C's",
  "test:node22": "fetches Node 22 and runs the suite under it",
  errata:
    "writes appendix E; scripts/counterexample/errata.test.ts renders it, and the site's browser test shows it at 420 px",
};

describe("every command's whole output fits 120 columns when piped", () => {
  it("names every npm script: run here, or held elsewhere (and where)", () => {
    assert.deepEqual(
      npmCommands.map((c) => c.name).filter((name) => !(name in WIDTH_RUNS) && !(name in WIDTH_ELSEWHERE)),
      [],
    );
  });
  for (const [name, args] of Object.entries(WIDTH_RUNS)) {
    const command = commands.find((c) => c.name === name);
    if (command === undefined) continue;
    const ran = runEntry(command.entry, [...args]);
    it(`${command.spelled} ${args.join(" ")}: no line of stdout or stderr wider than 120 columns`, async () => {
      const { stdout, stderr, status } = await ran;
      assert.ok(stdout.length > 0, `${status}: ${stderr}`);
      assertFits(stdout);
      assertFits(stderr);
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
