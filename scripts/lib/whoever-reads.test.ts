// A command's exit status and output are the same whoever reads them (issue 29, part 1): each
// command runs once plainly, then under every way a reader or a CI job may run it, and must give
// the plain run's exit status and output each time. `timeout`, `setsid` and a reader that starts
// the command in a session of its own put the command where it cannot see its reader: only a
// failed write proves the reader has gone. PI_COMPANION_RUNNERS=full adds the slow commands of
// the issue (the listings run of scripts/listings/fixtures/unfixed-guard, a whole npm start).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runCommand, type CommandOutcome } from "./command.ts";
import { READER_GONE_STATUS } from "./cli.ts";
import { fixedTempDir } from "./fixed-temp-dir.ts";
import { turnTaker } from "./pool.ts";
import { PROJECT_ROOT } from "./paths.ts";

/** `text` as one word of a POSIX shell command line. */
function shellWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function installed(program: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;
}

/** A way of running a shell command line `cmd`; bash runs the result with pipefail, so a pipeline's status is the command's. */
interface Runner {
  name: string;
  line: (cmd: string) => string;
  /** The program the runner needs, when not every machine has it. */
  needs?: string;
  /** Whether the command's stderr reaches the test (a terminal takes it). */
  stderr: boolean;
}

const PYTHON_NEW_SESSION = [
  "import subprocess, sys",
  "r = subprocess.run(['bash', '-c', sys.argv[1]], stdout=subprocess.PIPE, start_new_session=True)",
  "sys.stdout.buffer.write(r.stdout)",
  "sys.exit(r.returncode)",
].join("\n");

const runners: Runner[] = [
  {
    name: "a file",
    line: (cmd) => `out=$(mktemp); ${cmd} > "$out"; s=$?; cat "$out"; rm -f "$out"; exit $s`,
    stderr: true,
  },
  { name: "| cat", line: (cmd) => `${cmd} | cat`, stderr: true },
  { name: "timeout 300 … | cat", line: (cmd) => `timeout 300 ${cmd} | cat`, needs: "timeout", stderr: true },
  {
    name: "setsid … | cat (a session of its own)",
    line: (cmd) => `setsid -w ${cmd} | cat`,
    needs: "setsid",
    stderr: true,
  },
  { name: "nohup … | cat", line: (cmd) => `nohup ${cmd} | cat`, needs: "nohup", stderr: true },
  {
    name: "a reader in another session (Python's subprocess, start_new_session=True, as a CI runner or ssh)",
    line: (cmd) => `python3 -c ${shellWord(PYTHON_NEW_SESSION)} ${shellWord(cmd)}`,
    needs: "python3",
    stderr: true,
  },
  { name: "a pipe that stays open, read only later", line: (cmd) => `${cmd} | { sleep 2; cat; }`, stderr: true },
  {
    name: "a terminal (script's pty, 120 columns)",
    line: (cmd) => `script -qec ${shellWord(`stty cols 120; ${cmd} 2>/dev/null`)} /dev/null`,
    needs: "script",
    stderr: false,
  },
];

/** The environment of the runs: npm's own variables of an enclosing `npm test` left out, so each npm starts afresh. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

function runShell(line: string): Promise<CommandOutcome> {
  return runCommand("bash", ["-c", `set -o pipefail; ${line}`], {
    cwd: PROJECT_ROOT,
    env: { ...env, SHELL: "/bin/bash" },
    timeoutMs: 600_000,
  });
}

/** What may differ between two runs of the same command: a pty's line ends, and measured seconds. */
function comparable(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(/\b\d+(\.\d+)? s\b/g, "N s");
}

// A fixed name: the listings command keeps this folder's type-check, and a second run reuses it.
const typeError = fixedTempDir("whoever-reads");
writeFileSync(join(typeError, "step.ts"), 'export const broken: number = "not a number";\n');
after(() => rmSync(typeError, { recursive: true, force: true }));

const fixture = "scripts/listings/fixtures/unfixed-guard";
const full = process.env.PI_COMPANION_RUNNERS === "full";
const commands: { cmd: string; status: number }[] = [
  {
    cmd: "npm -s start -- --no-write --only '^(ch37\\.doc\\.parallel-default|ch38\\.config-guards|ch38\\.provider-kind)$'",
    status: 0,
  },
  { cmd: `npm run -s fuzz -- --against ${fixture}/step.ts --seed 1`, status: 1 },
  { cmd: `npm run -s listings -- ${typeError}`, status: 2 },
  { cmd: "npm run -s listings -- /no/such/folder", status: 2 },
  ...(full
    ? [
        { cmd: `npm run -s listings -- ${fixture}`, status: 1 },
        { cmd: "npm -s start -- --no-write", status: 0 },
      ]
    : []),
];

// Two runs at a time across the whole file: each run is a whole command, and the machine may
// have two cores. One queue for every command, all started when the file loads, so that no core
// waits while one command's plain run, or the last of its runners, runs alone.
const inTurn = turnTaker(2);

const usable = runners.filter((runner) => runner.needs === undefined || installed(runner.needs));
// Each command's plain run comes before its runners: the first run of a listings command may
// type-check and keep the answer, which the runners then reuse rather than each compiling.
const runsOf = new Map(
  commands.map(({ cmd }) => [
    cmd,
    inTurn(() => runShell(cmd)).then(async (plain) => ({
      plain,
      underRunners: await Promise.all(usable.map((runner) => inTurn(() => runShell(runner.line(cmd))))),
    })),
  ]),
);
// The three claims' run, not a whole one: either report (3 KB, or 46 KB for every claim) fits in a
// pipe's 64 KB, so whether head has gone before the ledger writes is a matter of timing, not of
// size, and the whole ledger cost 20 CPU-s more (2026-12-05: exit 0 in 6 of 6 runs, 2 of 2 whole).
const stoppedReader = inTurn(() =>
  runShell(`${commands[0]!.cmd} | head -3; echo "ledger exited \${PIPESTATUS[0]}" >&2`),
);
// A run that could not start rejects; the test that awaits it reports it, not the process's unhandled rejection.
for (const ran of [...runsOf.values(), stoppedReader]) ran.catch(() => undefined);

for (const { cmd, status } of commands) {
  describe(`${cmd}: the exit status (${status}) and output of a plain run under every runner`, () => {
    let plain: CommandOutcome;
    let underRunners: CommandOutcome[];
    before(async () => {
      ({ plain, underRunners } = await runsOf.get(cmd)!);
    });

    it("a plain run exits as the command promises, with output", () => {
      assert.equal(plain.code, status, `a plain run exited ${plain.code}; stderr: ${plain.stderr.slice(-400)}`);
      assert.ok(plain.stdout.length + plain.stderr.length > 0, "a plain run printed nothing");
    });

    for (const runner of runners) {
      const index = usable.indexOf(runner);
      it(`under ${runner.name}`, { skip: index < 0 && `${runner.needs} is not installed` }, () => {
        const ran = underRunners[index]!;
        assert.equal(
          ran.code,
          plain.code,
          `exit ${ran.code} under ${runner.name}, ${plain.code} in a plain run, with ${ran.stdout.length} bytes of stdout against ${plain.stdout.length}`,
        );
        assert.equal(
          comparable(ran.stdout),
          comparable(plain.stdout),
          `stdout under ${runner.name} is not a plain run's`,
        );
        if (runner.stderr && plain.stdout === "")
          assert.equal(
            comparable(ran.stderr),
            comparable(plain.stderr),
            `stderr under ${runner.name} is not a plain run's`,
          );
      });
    }
  });
}

describe("a reader that stops reading (npm start -- --only … | head -3)", () => {
  // The ledger opens with a summary of every verdict, so it writes its report once the checks
  // have run. A stop is proved only by a failed write: with EPIPE the status is
  // READER_GONE_STATUS; when every write went into the pipe before head left, the whole job
  // ran and was written, and 0 is the truth. Never 0 without the whole run behind it.
  it(`the first three lines, no stack trace, and ${READER_GONE_STATUS} on EPIPE or 0 only after the whole run`, async () => {
    const ran = await stoppedReader;
    assert.equal(ran.stdout.split("\n").length, 4, ran.stdout);
    assert.match(ran.stdout, /^Claim ledger: pi-agent-core /);
    const status = /ledger exited (\d+)\n$/.exec(ran.stderr)?.[1];
    assert.ok(
      status === String(READER_GONE_STATUS) || status === "0",
      `ledger exited ${status}: ${ran.stderr.slice(-400)}`,
    );
    if (status === "0") assert.match(ran.stderr, /negative control/, "exit 0 without the whole run");
    assert.doesNotMatch(ran.stderr, /EPIPE|at .*\.ts:\d+/, ran.stderr.slice(-400));
  });
});
