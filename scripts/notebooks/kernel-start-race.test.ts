// Jupyter's client chooses free ports for a kernel and the kernel binds them a moment later; a
// port another process took in between (CI: EADDRINUSE, two test files starting kernels side
// by side) must end the kernel at once, and the nbclient driver then starts it again.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { test } from "node:test";
import { PROJECT_ROOT } from "../lib/paths.ts";
import { localConnection } from "./jupyter-client.ts";
import { pythonWith } from "./jupyter-home.ts";
import { startKernelProcess } from "./kernel-process.ts";
import { KERNEL_NAME, resolvedKernelSpec } from "./kernelspec.ts";

test("kernel.start-race: a port taken before the kernel binds it ends the kernel at once, saying so, not a minute later", { timeout: 120_000 }, async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const port = (taken.address() as AddressInfo).port;
  try {
    const started = Date.now();
    const kernel = await startKernelProcess(
      {
        name: KERNEL_NAME,
        argv: resolvedKernelSpec().argv,
        connection: (dir) => ({ ...localConnection(dir, KERNEL_NAME), transport: "tcp", ip: "127.0.0.1", shell_port: port, iopub_port: 0, stdin_port: 0, control_port: 0, hb_port: 0 }),
      },
      60_000,
    );
    assert.ok("kind" in kernel, "the kernel came up on a port another process holds");
    assert.match(kernel.message, /exited with status 1/);
    assert.match(kernel.detail, /pi-companion kernel: cannot bind its sockets \(EADDRINUSE\); exiting/);
    assert.ok(Date.now() - started < 30_000, `the kernel took ${Date.now() - started} ms to end`);
  } finally {
    taken.close();
  }
});

const python = pythonWith("nbclient");

test(
  "kernel.start-race: the nbclient driver starts a kernel that died before its first reply again, and only that",
  { skip: python === undefined ? "python3-nbclient is not installed (apt-get install python3-nbclient)" : false },
  () => {
    // A client whose first kernel dies starting, as jupyter_client reports it, and whose second comes up.
    const script = `
import sys, contextlib
sys.path.insert(0, ${JSON.stringify(join(PROJECT_ROOT, "scripts", "notebooks", "nbclient"))})
import execute
starts = []
class Client:
    @contextlib.contextmanager
    def setup_kernel(self):
        starts.append(1)
        if len(starts) == 1:
            raise RuntimeError("Kernel died before replying to kernel_info")
        yield
with execute.started_kernel(Client) as client:
    print(f"up after {len(starts)} starts")
class Broken(Client):
    @contextlib.contextmanager
    def setup_kernel(self):
        raise RuntimeError("a kernelspec that does not exist")
        yield
try:
    with execute.started_kernel(Broken):
        pass
except RuntimeError as error:
    print(f"not started again: {error}")
`;
    const run = spawnSync(python!, ["-c", script], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "up after 2 starts\nnot started again: a kernelspec that does not exist\n");
    assert.match(run.stderr, /^execute\.py: the kernel died before its first reply \(Kernel died before replying to kernel_info\); starting it again\n$/);
  },
);
