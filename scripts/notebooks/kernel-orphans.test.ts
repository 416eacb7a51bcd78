// A kernel ends once the client that started it is gone, as ipykernel does (its parent poller):
// a crashed `npm run notebooks` or a killed Jupyter server left the launcher and the kernel
// running for good (launch-kernel.cjs, program-snapshot.cjs's endWithClient).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { ended, isRunning, psRows, type ProcessRow } from "../lib/processes.ts";
import { scratchDir } from "../lib/scratch-dir.ts";
import { pythonWith } from "./jupyter-home.ts";
import { resolvedKernelSpec } from "./kernelspec.ts";

/** Waits up to 10 s for every process of `tree` to end; fails naming those still running. */
async function assertAllEnd(tree: ProcessRow[], client: string): Promise<void> {
  assert.ok(tree.some((row) => /start-kernel\.cjs/.test(row.args)), `no kernel under the launcher: ${JSON.stringify(tree)}`);
  await Promise.all(tree.map((row) => ended(row.pid, 10_000)));
  const left = tree.filter((row) => isRunning(row.pid));
  for (const row of left) process.kill(row.pid, "SIGKILL");
  assert.deepEqual(
    left.map((row) => row.args.slice(0, 120)),
    [],
    `10 s after ${client} ended, its kernel's processes still ran`,
  );
}

test("kernel.orphans: a kernel whose client ended without stopping it (npm run notebooks crashing) ends within seconds, launcher and all", async () => {
  const script = join(scratchDir("kernel-orphans"), "client.mts");
  writeFileSync(
    script,
    `import { startKernel } from ${JSON.stringify(join(PROJECT_ROOT, "scripts", "notebooks", "kernel-process.ts"))};
const kernel = await startKernel(300_000);
if ("kind" in kernel) {
  console.error(kernel.message, kernel.detail);
  process.exit(3);
}
// The launcher and the processes under it, before this client ends without stopping them.
const { execFileSync } = await import("node:child_process");
const pid = String(kernel.child.pid);
console.log(execFileSync("ps", ["-o", "pid=,args=", "-p", pid], { encoding: "utf8" }).trim());
console.log(execFileSync("ps", ["-o", "pid=,args=", "--ppid", pid], { encoding: "utf8" }).trim());
process.exit(1);
`,
  );
  const ran = spawnSync(process.execPath, ["--import", "tsx", script], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    env: { ...process.env, PI_COMPANION_KERNEL_SNAPSHOT: "off" },
    timeout: 300_000,
  });
  assert.equal(ran.status, 1, ran.stderr);
  await assertAllEnd(psRows(ran.stdout), "the client (exit 1, the kernel not stopped)");
});

const python = pythonWith("jupyter_client");

test(
  "kernel.orphans: a kernel whose jupyter_client was killed (a Jupyter server's end) ends within seconds",
  { skip: python === undefined && "no Python with jupyter_client (Debian's python3-jupyter-client)" },
  async () => {
    const driver = `
import json, os, subprocess, sys
from jupyter_client import KernelManager
from jupyter_client.kernelspec import KernelSpec
km = KernelManager()
km._kernel_spec = KernelSpec(argv=json.loads(sys.argv[1]), language="typescript", interrupt_mode="signal", display_name="pi")
# The kernel's output away from this process's: a kernel left running would hold the test's pipe open.
km.start_kernel(cwd=sys.argv[2], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
kc = km.client(); kc.start_channels(); kc.wait_for_ready(timeout=300)
pid = str(km.provisioner.pid)
for ps in (["-p", pid], ["--ppid", pid]):
    print(subprocess.run(["ps", "-o", "pid=,args=", *ps], capture_output=True, text=True).stdout.strip(), flush=True)
os._exit(1)
`;
    const ran = spawnSync(python!, ["-c", driver, JSON.stringify(resolvedKernelSpec().argv), PROJECT_ROOT], {
      encoding: "utf8",
      env: { ...process.env, PI_COMPANION_KERNEL_SNAPSHOT: "off" },
      timeout: 300_000,
    });
    assert.equal(ran.status, 1, ran.stderr);
    await assertAllEnd(psRows(ran.stdout), "jupyter_client's process (killed)");
  },
);
