import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, it } from "node:test";
import { READER_GONE_STATUS, readCommandLine, type Command } from "./cli.ts";

const command = {
  name: "matrix",
  usage: "usage: npm run matrix [-- --versions LIST] [--json]",
  details: "  --versions LIST  releases to measure",
  options: { versions: { type: "string" }, json: { type: "boolean" } },
} satisfies Command<Record<string, { type: "string" | "boolean" }>>;

const fixture = fileURLToPath(new URL("./fixtures/counting-command.ts", import.meta.url));

function run(args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", fixture, ...args], { encoding: "utf8" });
}

describe("readCommandLine", () => {
  it("returns the values of known options", () => {
    const line = readCommandLine(command, ["--versions", "1.0.3", "--json"]);
    assert.deepEqual(line, { kind: "run", values: { versions: "1.0.3", json: true }, positionals: [] });
  });

  it("answers --help (and -h) with the usage and the details", () => {
    for (const flag of ["--help", "-h"]) {
      assert.deepEqual(readCommandLine(command, ["--json", flag]), {
        kind: "help",
        text: "usage: npm run matrix [-- --versions LIST] [--json]\n\n  --versions LIST  releases to measure",
      });
    }
  });

  it("treats --help after -- as an argument, not a request for help", () => {
    assert.equal(readCommandLine({ ...command, positionals: true }, ["--", "--help"]).kind, "run");
  });

  const refusals: [string, string[], string][] = [
    ["an unknown option", ["--bogus"], "unknown option --bogus"],
    ["an unknown option with a value", ["--bogus=3"], "unknown option --bogus"],
    ["a missing value", ["--versions"], "--versions needs a value"],
    [
      "an option where a value belongs",
      ["--versions", "--json"],
      "--versions needs a value (write --versions=VALUE for one that starts with a dash)",
    ],
    ["a value given to a flag", ["--json=yes"], "--json takes no value"],
    ["an argument the command does not take", ["ch38"], "unexpected argument ch38"],
  ];
  for (const [name, argv, problem] of refusals) {
    it(`refuses ${name} in one line that ends with the usage`, () => {
      assert.deepEqual(readCommandLine(command, argv), { kind: "refused", message: `${problem}; ${command.usage}` });
    });
  }
});

describe("commandLine in a running command", () => {
  it("prints the usage on stdout and exits 0 for --help", () => {
    const result = run(["--help"]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^usage: counting \[--count N\]/);
    assert.equal(result.stderr, "");
  });

  it("refuses an unknown option with one line on stderr and exit 2", () => {
    const result = run(["--bogus"]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, "");
    assert.equal(result.stderr, "counting: unknown option --bogus; usage: counting [--count N] [--json] [NAME...]\n");
  });

  it(`exits ${READER_GONE_STATUS}, not 0, without a stack trace when the reader closes the pipe (npm run … | head -1)`, async () => {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    let first = "";
    child.stdout.once("data", (chunk: Buffer) => {
      first = chunk.toString().split("\n")[0]!;
      child.stdout.destroy();
    });
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.equal(first, "line 1 ");
    assert.equal(stderr, "");
    assert.equal(status, READER_GONE_STATUS);
  });
});

it("an option npm took for itself (no --) is named with the command line that passes it on, its value included", () => {
  const command = {
    name: "turn-limit",
    usage: "usage: npm run turn-limit [-- --json] [--pi VERSION]",
    options: { json: { type: "boolean" }, pi: { type: "string" } },
  } as const;
  const env = { npm_lifecycle_event: "turn-limit", npm_config_json: "true", npm_config_pi: "true" };
  assert.deepEqual(readCommandLine(command, ["1.6.0"], env), {
    kind: "refused",
    message:
      "npm took --json --pi 1.6.0 for itself (options before -- are npm's); run npm run turn-limit -- --json --pi 1.6.0",
  });
  assert.equal(
    readCommandLine(command, [], { ...env, npm_lifecycle_event: "test" }).kind,
    "run",
    "only the command's own npm script is looked at",
  );
  assert.equal(readCommandLine(command, ["--json"], {}).kind, "run");
});
