// Jupyter's own kernel conformance suite, jupyter_kernel_test (Debian's
// python3-jupyter-kernel-test 0.4.5, which .ci/run installs), against the kernelspec
// `npm run kernel:install` writes into a temporary JUPYTER_DATA_DIR. Every test of the
// suite must pass, or be skipped for a feature the kernel does not offer; the README
// states the counts and each skip's reason, and this test holds it to them. Without the
// package (a reader's machine) it skips and says why; protocol.test.ts checks the same
// requests in the project's own client.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { pythonWith, temporaryJupyter } from "./jupyter-home.ts";

const SUITE = join(PROJECT_ROOT, "scripts", "notebooks", "nbclient", "conformance.py");
const README = join(PROJECT_ROOT, "scripts", "notebooks", "README.md");
const python = pythonWith("jupyter_kernel_test");
const skip = python === undefined ? "python3-jupyter-kernel-test is not installed (apt-get install python3-jupyter-kernel-test); protocol.test.ts checks the kernel's replies" : false;

const jupyter = temporaryJupyter("pi-conformance-");
after(() => jupyter.remove());

interface Outcome {
  outcome: "pass" | "skip" | "fail";
  detail?: string;
  skipped_subtests: string[];
}

test("conformance: jupyter_kernel_test passes every test, skips only what the kernel does not offer, and the README states the counts and reasons", { skip, timeout: 900_000 }, () => {
  jupyter.installKernelspec();
  const run = spawnSync(python!, [SUITE], { cwd: PROJECT_ROOT, env: jupyter.env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  assert.equal(run.status, 0, `conformance.py exited ${run.status}:\n${run.stderr}`);
  const { version, tests } = JSON.parse(run.stdout) as { version: string; tests: Record<string, Outcome> };
  const entries = Object.entries(tests);
  const failed = entries.filter(([, result]) => result.outcome === "fail");
  assert.deepEqual(
    failed.map(([name, result]) => `${name}: ${result.detail}`),
    [],
    "tests of Jupyter's suite fail against the kernel",
  );
  const skippedSubtests = entries.flatMap(([name, result]) => result.skipped_subtests.map((subtest) => `${name} ${subtest}`));
  assert.deepEqual(skippedSubtests, [], "a subtest skipped: the kernel supports every history access type");
  const count = (outcome: Outcome["outcome"]) => entries.filter(([, result]) => result.outcome === outcome).length;
  const readme = readFileSync(README, "utf8");
  const counts = `jupyter_kernel_test ${version}: ${entries.length} tests, ${count("pass")} pass, ${count("skip")} skipped, 0 fail`;
  assert.ok(readme.includes(counts), `the README must state the measured counts, "${counts}"`);
  for (const [name, result] of entries.filter(([, outcome]) => outcome.outcome === "skip")) {
    assert.ok(readme.includes(`| \`${name}\` | ${result.detail} |`), `the README must name the skip of ${name} and its reason, "${result.detail}"`);
  }
});
