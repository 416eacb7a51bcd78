import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JupyterClient, localConnection, type ConnectionInfo } from "./jupyter-client.ts";
import { KERNEL_NAME, resolvedKernelSpec } from "./kernelspec.ts";

/** A kernel this process started, and the client connected to it. */
export interface RunningKernel {
  client: JupyterClient;
  child: ChildProcess;
  /** What the kernel process wrote to its own stderr (not a cell's). */
  stderr(): string;
  /** Why the kernel process ended, or undefined while it runs. */
  exit(): string | undefined;
  /** Settles when the kernel process ends. */
  exited: Promise<void>;
  /** Stops the kernel and removes its connection directory. */
  stop(): Promise<void>;
}

/** The kernel did not come up; `detail` holds its stderr. */
export interface KernelStartFailure {
  kind: "kernel-died";
  message: string;
  detail: string;
}

/**
 * Starts the project's kernel from this checkout (never from a Jupyter install) with the
 * same argv `npm run kernel:install` registers, and waits until it answers.
 */
export async function startKernel(readyTimeoutMs = 60_000): Promise<RunningKernel | KernelStartFailure> {
  return startKernelProcess({ name: KERNEL_NAME, argv: resolvedKernelSpec().argv, connection: (dir) => localConnection(dir, KERNEL_NAME) }, readyTimeoutMs);
}

/** Any Jupyter kernel: its name, its kernelspec argv (`{connection_file}` filled in here), and how it connects. */
export interface KernelLaunch {
  name: string;
  argv: readonly string[];
  /** The connection file's content, given the kernel's own temporary directory. */
  connection: (dir: string) => ConnectionInfo;
  /** The kernel's working directory (default: this process's). */
  cwd?: string;
}

/** Starts the kernel `launch` describes and waits until it answers (the benchmark starts Deno's this way). */
export async function startKernelProcess(launch: KernelLaunch, readyTimeoutMs: number): Promise<RunningKernel | KernelStartFailure> {
  const dir = mkdtempSync(join(tmpdir(), "pi-kernel-"));
  const connectionFile = join(dir, "connection.json");
  const info = launch.connection(dir);
  writeFileSync(connectionFile, JSON.stringify(info), { mode: 0o600 });

  const [command, ...args] = launch.argv.map((arg) => arg.replaceAll("{connection_file}", connectionFile));
  // JPY_PARENT_PID, as jupyter_client sets it: a kernel ends once this process has gone (launch-kernel.cjs).
  const child = spawn(command!, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, JPY_PARENT_PID: String(process.pid) },
    ...(launch.cwd === undefined ? {} : { cwd: launch.cwd }),
  });
  let stderr = "";
  let exit: string | undefined;
  child.stdout.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const exited = new Promise<void>((resolve) => {
    child.on("exit", (code, signal) => {
      exit = signal !== null ? `killed by ${signal}` : `exited with status ${code}`;
      resolve();
    });
    child.on("error", (error) => {
      exit = `could not start: ${error.message}`;
      resolve();
    });
  });

  const client = new JupyterClient(info);
  const stop = async () => {
    client.close();
    if (exit === undefined) {
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const ready = await client.waitUntilReady(readyTimeoutMs, () => exit === undefined);
  if (!ready) {
    await stop();
    return {
      kind: "kernel-died",
      message: `the ${launch.name} kernel did not start (${exit ?? `no answer in ${readyTimeoutMs / 1000} s`})`,
      detail: stderr,
    };
  }
  return { client, child, stderr: () => stderr, exit: () => exit, exited, stop };
}
